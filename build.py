#!/usr/bin/env python3
"""Build the long-nardy tutorial: load the lessons → validate them with nardy_core → render pages → write dist/.

    python build.py [build]            build into dist/ (default)
    python build.py serve [--port N]   build, serve on 127.0.0.1 and rebuild (and reload) on change
    python build.py check              validate the content only
Options: --out DIR (default dist), --strict (warnings fail the build), --quiet.

A failed build reports every problem as file:line: message, exits with status 1 and leaves the
previous dist/ untouched: pages are written into a staging folder that replaces dist/ only at the end.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

PROJECT = Path(__file__).resolve().parent
sys.path.insert(0, str(PROJECT))

from builder.lessons import LANGUAGES, Course, Problem, load_course  # noqa: E402
from builder.validate import validate_course  # noqa: E402

LESSONS = PROJECT / "lessons"
CACHE = PROJECT / ".cache"


class BuildFailed(Exception):
    """The content has errors; ``problems`` lists them all."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems


@dataclass
class Report:
    pages: int
    puzzles: int
    seconds: float
    warnings: list[Problem]


# the story ------------------------------------------------------------------------------------


def load(lessons_dir: Path = LESSONS) -> Course:
    """Read the outline and every lesson file."""
    return load_course(lessons_dir)


def validate(course: Course, strict: bool = False) -> tuple[dict, list[Problem]]:
    """Judge every block with nardy_core; raise BuildFailed with all errors (and warnings if strict)."""
    rendered, problems = validate_course(course)
    errors = [p for p in problems if not p.warning or strict]
    if errors:
        raise BuildFailed(errors)
    return rendered, [p for p in problems if p.warning]


def render(course: Course, rendered: dict, staging: Path) -> int:
    """Write every page and asset into ``staging``; returns the number of HTML pages."""
    from builder.pages import render_site

    return render_site(PROJECT, course, rendered, staging, CACHE)


def write(staging: Path, out: Path) -> None:
    """Swap the finished staging folder in for ``out`` (the old one is removed only after the swap)."""
    previous = out.with_name(out.name + ".old")
    if previous.exists():
        shutil.rmtree(previous)
    if out.exists():
        os.replace(out, previous)
    os.replace(staging, out)
    if previous.exists():
        shutil.rmtree(previous, ignore_errors=True)


def _quiet(message: str) -> None:
    pass


def build(out: Path, strict: bool = False, lessons_dir: Path = LESSONS, log: Callable[[str], None] = _quiet) -> Report:
    """The whole build: load → validate → render → write."""
    started = time.perf_counter()
    log(f"loading {lessons_dir.name}/ …")
    course = load(lessons_dir)
    log(f"validating {sum(len(l.blocks) for lang in course.lessons.values() for l in lang.values())} boards and puzzles with nardy_core …")
    rendered, warnings = validate(course, strict)
    log("rendering pages and copying the runtime …")
    staging = out.with_name(out.name + ".staging")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    try:
        pages = render(course, rendered, staging)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    log(f"writing {out} …")
    write(staging, out)
    puzzles = sum(len(lesson.puzzles) for lesson in course.lessons[LANGUAGES[0]].values())
    return Report(pages, puzzles, time.perf_counter() - started, warnings)


def check(strict: bool = False, lessons_dir: Path = LESSONS) -> Report:
    """Validate only."""
    started = time.perf_counter()
    course = load(lessons_dir)
    _, warnings = validate(course, strict)
    puzzles = sum(len(lesson.puzzles) for lesson in course.lessons[LANGUAGES[0]].values())
    return Report(0, puzzles, time.perf_counter() - started, warnings)


# the command line -----------------------------------------------------------------------------


def _print_problems(problems: list[Problem]) -> None:
    for problem in problems:
        print(problem.format(PROJECT), file=sys.stderr)


def run(command: str, out: Path, strict: bool, quiet: bool, lessons_dir: Path = LESSONS) -> int:
    """Run one build or check; print progress and a summary; return the exit status."""
    from builder.pages import PagesError
    from builder.vendor import VendorError

    try:
        log = _quiet if quiet else (lambda message: print(message, flush=True))
        report = check(strict, lessons_dir) if command == "check" else build(out, strict, lessons_dir, log)
    except (BuildFailed, PagesError) as failed:
        _print_problems(failed.problems)
        errors = sum(1 for p in failed.problems if not p.warning)
        print(f"build failed: {errors} error(s), {len(failed.problems) - errors} warning(s) treated as errors; "
              f"{out.name}/ left as it was", file=sys.stderr)
        return 1
    except VendorError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    _print_problems(report.warnings)
    if not quiet:
        what = "checked" if command == "check" else f"built {report.pages} pages into {out}"
        print(f"{what}: {report.puzzles} puzzles per language, {len(report.warnings)} warning(s), "
              f"{report.seconds:.2f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the long-nardy tutorial.")
    parser.add_argument("command", nargs="?", default="build", choices=("build", "serve", "check"))
    parser.add_argument("--out", type=Path, default=PROJECT / "dist")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--strict", action="store_true", help="warnings fail the build")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--lessons", type=Path, default=LESSONS, help="the course folder (default: lessons/)")
    args = parser.parse_args(argv)
    out = args.out.resolve()
    lessons_dir = args.lessons.resolve()
    status = run(args.command, out, args.strict, args.quiet, lessons_dir)
    if args.command != "serve":
        return status
    from builder.serve import serve

    print(f"serving {out} on http://127.0.0.1:{args.port}/ (Ctrl+C stops)")
    serve(out, args.port, lambda: run("build", out, args.strict, args.quiet, lessons_dir) == 0, [lessons_dir, PROJECT / "site", PROJECT / "nardy_core", PROJECT / "builder"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
