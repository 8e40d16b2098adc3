"""Command line of the builder.

    python -m builder [build]            build into dist/ (default)
    python -m builder serve [--port N]   build, serve on 127.0.0.1 and rebuild (and reload) on change
    python -m builder check              every step of a build that can fail on its input (load, validate,
                                         render with the node run), writing nothing
    python -m builder prove              compute the engine's figures for every strategic answer the course
                                         lacks (minutes each) and write them to lessons/proofs.json
    python -m builder openings [--jobs N] roll out long nardy's opening table into lessons/long/openings.json
                                         (hours; resumable: it goes on where an interrupted run stopped)
Options: --out DIR (default dist), --strict (warnings fail the build), --quiet, --lessons DIR, --site-url URL
(the address the site is served from: each puzzle also gets an oEmbed description).

A failed build reports every problem as file:line: message, exits with status 1 and leaves the previous
dist/ untouched. No input ends in a traceback: every error the user can fix is a BuildError.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .openings import FILE, GAME, compute_table
from .phases import PROJECT, Paths, build, check, prove
from .problems import BuildError, ContentError, Problem
from .proofs import BOOK
from .serve import serve


def _print_problems(problems: list[Problem], root: Path) -> None:
    for problem in problems:
        print(problem.format(root), file=sys.stderr)


def run(command: str, out: Path, paths: Paths, *, strict: bool = False, quiet: bool = False,
        precompress: bool = False, site_url: str | None = None) -> int:
    """Run one build or check; print progress and a summary; return the exit status."""
    log = (lambda message: None) if quiet else (lambda message: print(message, flush=True))
    root = paths.lessons.parent if paths.lessons.parent != PROJECT else PROJECT
    try:
        if command == "check":
            report = check(paths, strict=strict, log=log, site_url=site_url)
        elif command == "prove":
            report = prove(paths, strict=strict, log=log)
        else:
            report = build(out, paths, strict=strict, log=log, precompress=precompress, site_url=site_url)
    except ContentError as failed:
        _print_problems(failed.problems, root)
        errors = sum(1 for p in failed.problems if not p.warning)
        print(f"{command} failed: {errors} error(s), {len(failed.problems) - errors} warning(s) treated as errors; "
              f"{out.name}/ left as it was", file=sys.stderr)
        return 1
    except BuildError as exc:
        print(f"{command} failed: {exc}; {out.name}/ left as it was", file=sys.stderr)
        return 1
    _print_problems(report.warnings, root)
    if not quiet:
        what = {"check": f"checked {report.pages} pages", "prove": f"proved into {paths.lessons / BOOK}"}.get(
            command, f"built {report.pages} pages into {out}")
        print(f"{what}: {report.puzzles} puzzles per language, {len(report.warnings)} warning(s), {report.seconds:.2f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m builder", description="Build the nardy tutorial site.")
    parser.add_argument("command", nargs="?", default="build", choices=("build", "serve", "check", "prove", "openings"))
    parser.add_argument("--out", type=Path, default=PROJECT / "dist")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--strict", action="store_true", help="warnings fail the build")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--precompress", action="store_true",
                        help="also write .gz and .br copies, for hosts that serve them (docs/hosting.md)")
    parser.add_argument("--lessons", type=Path, default=PROJECT / "lessons", help="the course folder (default: lessons/)")
    parser.add_argument("--site-url", help="the address the site is served from (https://…/): adds oEmbed for each puzzle")
    parser.add_argument("--jobs", type=int, default=1, help="openings: processes rolling out at once")
    args = parser.parse_args(argv)
    if args.command == "openings":
        compute_table(args.lessons.resolve() / GAME.value / FILE, jobs=args.jobs)
        return 0
    out = args.out.resolve()
    paths = Paths(lessons=args.lessons.resolve())
    status = run(args.command, out, paths, strict=args.strict, quiet=args.quiet, precompress=args.precompress,
                 site_url=args.site_url)
    if args.command != "serve":
        return status
    print(f"serving {out} on http://127.0.0.1:{args.port}/ (Ctrl+C stops)")
    watched = [paths.lessons, paths.site, PROJECT / "nardy_core", PROJECT / "builder"]
    serve(out, args.port, lambda: run("build", out, paths, strict=args.strict, quiet=args.quiet) == 0, watched)
    return 0


if __name__ == "__main__":
    sys.exit(main())
