"""The build as four honest phases, each a function over typed data (after MkDocs' build):

    source = load(paths)                    read every input: lessons, outlines, glossary, catalogs, static files
    course, problems = validate(source)     judge everything with nardy_core; every problem as file:line
    site = render(course, source)           every page and file, in memory
    write(site, out, cache)                 vendor the runtime, stage, and swap into place

``check`` is load + validate + render (``prepare``, the function ``build`` runs before it writes): it finds
everything ``build`` would, template errors and the board texts' node run included, since write takes no input
of its own (it fails only on the runtime's download or the disk, a BuildError); it writes nothing under dist/.
"""

from __future__ import annotations

import os
import re
import shutil
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from jinja2 import TemplateError

import nardy_core
from nardy_core import Game
from nardy_core.games import DEFAULT_GAME

from . import course_cache
from .apidocs import reference_problems
from .assets import place
from .catalog_checks import check_catalogs
from .decoder_vendor import decoder_files
from .editor_vendor import editor_files
from .forked import may_fork
from .glossary import load_glossary
from .i18n import Catalog, CatalogError, I18nError, load_catalog
from .lab_examples import load_examples
from .lab_runtime import copy_lab_runtime
from .lessons import LANGUAGES, CourseSource, load_course
from .manifest import with_manifest
from .model import PROJECT, Course, Paths, Report, Site, Source
from .pages import render_site
from .precompress import precompress as write_copies
from .problems import BuildError, ContentError, Problem
from .proofs import BOOK, ProofBook
from .template_checks import check_templates
from .validate import validate_course
from .vendor import copy_runtime, packed_runtime, pyodide_cache_path
from .vocabulary import check_vocabulary

__all__ = ["PROJECT", "Course", "Paths", "Report", "Site", "Source", "build", "check", "load", "prepare", "prove", "render",
           "validate", "write"]


def load(paths: Paths) -> Source:
    """Read every input. Unreadable or malformed files are problems (with file:line), never exceptions."""
    problems: list[Problem] = []
    courses: dict[Game, CourseSource] = {}
    for game in Game:
        folder = paths.lessons / game.value
        if folder.is_dir():
            courses[game] = load_course(folder, game, problems)
        elif game is DEFAULT_GAME:
            problems.append(Problem(folder, 1, f"the {game.value}-nardy course folder {game.value}/ is missing"))
    glossary = load_glossary(paths.lessons / "glossary.toml", problems)
    for game in courses:
        own = paths.lessons / game.value / "glossary.toml"
        if own.is_file():
            glossary += load_glossary(own, problems, (game,))
    catalogs: dict[str, Catalog] = {}
    for lang in LANGUAGES:
        try:
            catalogs[lang] = load_catalog(paths.i18n, lang)
        except CatalogError as exc:
            problems.append(Problem(exc.path or paths.i18n / lang, exc.line, f"catalog: {exc.detail}"))
        except I18nError as exc:
            problems.append(Problem(paths.i18n / lang, 1, f"catalog: {exc}"))
    static = {
        path.relative_to(paths.static).as_posix(): path.read_bytes()
        for path in sorted(paths.static.rglob("*"))
        if path.is_file() and not path.name.startswith(".") and not path.name.endswith(".d.ts")  # types: for tsc only
    }
    lab_examples = load_examples(paths.lessons / "lab") if (paths.lessons / "lab").is_dir() else []
    prose: dict[str, dict[str, str]] = {}
    for page in sorted((paths.lessons / "pages").glob("*.md")) if (paths.lessons / "pages").is_dir() else []:
        name, _, lang = page.stem.rpartition(".")
        if lang in LANGUAGES and name:
            prose.setdefault(name, {})[lang] = page.read_text(encoding="utf-8")
    # the figures are kept by content, so any book is good: the course's, the project's (a course folder of
    # tests or a fork reuses it) and what earlier builds computed
    proofs = ProofBook.read(paths.lessons / BOOK, PROJECT / "lessons" / BOOK, paths.project / ".cache" / BOOK)
    return Source(paths, courses, glossary, catalogs, static, lab_examples, problems, prose, proofs)


def validate(source: Source, reuse: bool = False) -> tuple[Course, list[Problem]]:
    """Judge every lesson, page, catalog and the glossary; returns the typed course and every problem. With
    ``reuse``, the courses as the last build judged them when nothing they depend on has changed
    (``builder.course_cache``)."""
    problems = list(source.problems)
    cache = source.paths.project / ".cache"
    key = course_cache.digest(source) if reuse else ""
    judged = course_cache.read(cache, key) if reuse else None
    if judged is None:
        seen_ids: dict[str, tuple[Path, int]] = {}
        found: list[Problem] = []
        games = {game: validate_course(course, seen_ids, found, source.proofs) for game, course in source.courses.items()}
        if reuse and not source.proofs.computed:  # figures computed now change the key: kept by the next build
            course_cache.write(cache, key, (games, found))
        judged = games, found
    games, found = judged
    problems += found
    course = Course(games, source.glossary)
    if len(source.catalogs) == len(LANGUAGES):
        tags = sorted({tag for data in games.values() for p in data.puzzles(LANGUAGES[0]) for tag in p.tags} | {"other"})
        problems += check_catalogs(source.catalogs, source.paths.i18n, source.paths.templates, source.paths.static, tags)
    problems += check_vocabulary(source.glossary, source.courses, source.paths.i18n, source.paths.lessons / "glossary.toml")
    problems += check_templates(source.paths.templates)
    problems += reference_problems(nardy_core)
    return course, list(dict.fromkeys(problems))  # a file two checks cannot read is one problem


def render(course: Course, source: Source, site_url: str | None = None, parallel: bool = False) -> Site:
    """Every page and static file of the site, in memory (a template that fails is a problem at its line); with
    ``parallel``, on two processes (``builder.pages.render_site``)."""
    try:
        return render_site(course, source, site_url, parallel)
    except TemplateError as exc:
        templates = source.paths.templates.resolve()
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename).resolve().is_relative_to(templates)]
        where = (Path(frames[-1].filename), frames[-1].lineno or 1) if frames else (templates, 1)
        raise ContentError([Problem(*where, f"template: {exc.message or type(exc).__name__}")]) from None


def write(site: Site, out: Path, cache: Path, project: Path = PROJECT, precompress: bool = False,
          packed: dict[str, bytes] | None = None) -> None:
    """Vendor the runtime, the lab's runtime (``builder.lab_runtime``), the editor (``builder.editor_vendor``)
    and the runtime's brotli decoder (``builder.decoder_vendor``) next to the rendered files in a staging
    folder, then swap it in for ``out``.

    The assets folder is named by its files (``builder.assets``), and the files are written stamped with the
    build's version (``builder.manifest``: a hash of the files and the runtime), with ``build-manifest.json``
    and the hosts' ``_headers`` (``site.host``, rendered with the site); with ``precompress`` each text file and
    the wasm also get ``.gz`` and ``.br`` copies (``builder.precompress``). ``packed``: the runtime's packed
    files (``builder.vendor.packed_runtime``), if the caller has them already.
    The old folder is removed only after the swap; a failure before it leaves ``out`` as it was.
    """
    staging = out.with_name(out.name + ".staging")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    try:
        copy_runtime(staging, cache, project, packed)
        copy_lab_runtime(staging, pyodide_cache_path(cache), project)
        # beside the rendered files, not the runtime: in the assets folder, named with them
        files = place({**site.files, **editor_files(cache, project), **decoder_files(cache, project)})
        folders: set[Path] = set()
        for relative, data in {**with_manifest(files, staging), **site.host}.items():
            target = inside(staging, relative)
            if target.parent not in folders:
                target.parent.mkdir(parents=True, exist_ok=True)
                folders.add(target.parent)
            if not link_unchanged(out / relative, target, data):
                target.write_bytes(data)
        if precompress:
            write_copies(staging, cache / "precompressed")
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    previous = out.with_name(out.name + ".old")
    if previous.exists():
        shutil.rmtree(previous)
    if out.exists():
        os.replace(out, previous)
    os.replace(staging, out)
    if previous.exists():
        shutil.rmtree(previous, ignore_errors=True)


def link_unchanged(previous: Path, target: Path, data: bytes) -> bool:
    """Hard-link ``previous`` (the file of the last build) as ``target`` where it holds exactly ``data``; whether
    it did. A rebuild rewrites only what changed: writing all of a site's 40 MB again is most of a cached build's
    time on a slow disk. Anything unusual (no such file, another file system) is left to a plain write.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "old").write_bytes(b"page")
    >>> link_unchanged(folder / "old", folder / "new", b"page"), (folder / "new").read_bytes()
    (True, b'page')
    >>> link_unchanged(folder / "old", folder / "other", b"changed"), (folder / "other").exists()
    (False, False)
    """
    try:
        if previous.is_symlink() or previous.stat().st_size != len(data) or previous.read_bytes() != data:
            return False
        os.link(previous, target)
    except OSError:
        return False
    return True


SAFE_PATH = re.compile(r"^(?:[A-Za-z0-9_][A-Za-z0-9_.-]*/)*[A-Za-z0-9_][A-Za-z0-9_.-]*$")  #: no '..', '/x', '\\' or ''


def inside(folder: Path, relative: str) -> Path:
    """``folder / relative`` for a path the site may hold, or a BuildError: nothing is written outside ``dist/``.

    >>> inside(Path("/d"), "ru/lessons/head/index.html").as_posix()
    '/d/ru/lessons/head/index.html'
    >>> inside(Path("/d"), "ru/lessons/../../x")
    Traceback (most recent call last):
    ...
    builder.problems.BuildError: refusing to write 'ru/lessons/../../x': not a plain path inside the site
    """
    if not SAFE_PATH.match(relative) or any(part.startswith("..") for part in relative.split("/")):
        raise BuildError(f"refusing to write {relative!r}: not a plain path inside the site")
    return folder / relative


def _quiet(message: str) -> None:
    pass


def _judge(source: Source, strict: bool, log: Callable[[str], None], reuse: bool = True) -> tuple[Course, list[Problem]]:
    blocks = sum(len(lesson.blocks) for c in source.courses.values() for lang in c.lessons.values() for lesson in lang.values())
    log(f"validating {blocks} boards and puzzles with nardy_core …")
    course, problems = validate(source, reuse)
    if source.proofs.computed:  # kept for the next build, beside the committed book (python -m builder prove)
        source.proofs.write(source.paths.project / ".cache" / BOOK)
    errors = [p for p in problems if not p.warning or strict]
    if errors:
        raise ContentError(errors)
    return course, [p for p in problems if p.warning]


def prove(paths: Paths = Paths(), *, strict: bool = False, log: Callable[[str], None] = _quiet) -> Report:
    """Load and validate, computing the engine's figures every strategic answer needs (``builder.proofs``), and
    write them to the course's book (``lessons/proofs.json``: the decisions the course asks about, no others),
    also when some answer fails its proof; then report as ``check`` does, without rendering."""
    started = time.perf_counter()
    source = load(paths)
    source.proofs.log = log
    try:
        course, warnings = _judge(source, strict, log, reuse=False)  # the book keeps the decisions asked about now
    finally:
        source.proofs.write(paths.lessons / BOOK, only_used=True)
    return Report(0, course.puzzle_count(), time.perf_counter() - started, warnings)


def site_address(url: str | None) -> str | None:
    """The site's address as ``--site-url`` gives it, ending in "/"; a BuildError for anything but http(s).

    >>> site_address("https://example.org/nardy")
    'https://example.org/nardy/'
    >>> site_address("example.org")
    Traceback (most recent call last):
    ...
    builder.problems.BuildError: --site-url 'example.org': give the address the site is served from, such as https://example.org/nardy/
    """
    if url is None:
        return None
    if not re.fullmatch(r"https?://[^\s/?#\"'<>]+(?:/[^\s?#\"'<>]*)?", url):
        raise BuildError(f"--site-url {url!r}: give the address the site is served from, such as https://example.org/nardy/")
    return url if url.endswith("/") else f"{url}/"


def prepare(paths: Paths, *, strict: bool = False, log: Callable[[str], None] = _quiet,
            site_url: str | None = None, may_fork: Callable[[], bool] = may_fork) -> tuple[Site, Course, list[Problem]]:
    """Every step of a build that can fail on its input, with nothing written: load → validate → render
    (templates, and the board texts' node run). ``build`` and ``check`` both run exactly this; the pages are
    rendered on two processes where ``may_fork`` says it is safe (``builder.forked``)."""
    site_url = site_address(site_url)
    log(f"loading {paths.lessons} …")
    source = load(paths)
    course, warnings = _judge(source, strict, log)
    log("rendering pages …")
    return render(course, source, site_url, may_fork()), course, warnings


def build(out: Path, paths: Paths = Paths(), *, strict: bool = False, cache: Path | None = None,
          log: Callable[[str], None] = _quiet, precompress: bool = False, site_url: str | None = None) -> Report:
    """The whole build: load → validate → render (:func:`prepare`) → write. The runtime is packed meanwhile, on
    threads of its own: on a first build (an empty cache) that is half of its time, and it needs no lesson."""
    started = time.perf_counter()
    cache = cache or paths.project / ".cache"
    with ThreadPoolExecutor(1) as background:
        packing = background.submit(packed_runtime, cache)
        # the packing thread, once done, only waits: it holds no lock a forked renderer could need
        site, course, warnings = prepare(paths, strict=strict, log=log, site_url=site_url,
                                         may_fork=lambda: packing.done() and may_fork(other_threads=1))
        packed = packing.result()
    log(f"writing {out} (with the runtime) …")
    write(site, out, cache, paths.project, precompress, packed)
    return Report(site.pages, course.puzzle_count(), time.perf_counter() - started, warnings)


def check(paths: Paths = Paths(), *, strict: bool = False, log: Callable[[str], None] = _quiet,
          site_url: str | None = None) -> Report:
    """A build without its writing (:func:`prepare`): the same problems a build would find, and dist/ untouched."""
    started = time.perf_counter()
    site, course, warnings = prepare(paths, strict=strict, log=log, site_url=site_url)
    return Report(site.pages, course.puzzle_count(), time.perf_counter() - started, warnings)
