"""Checks that the ru and en catalogs hold every string the pages and the page's JavaScript ask for.

A key is asked for by name in four places: templates (``t("nav.course")``), ES modules (``t('widget.undo')``,
also as a template literal ``t(`board.side.${side}`)``, which any existing key may satisfy), nardy_core's
reasons (:data:`nardy_core.sentences.REASON_KEYS`), and the registries of the builder (tasks, tags). A missing key
would render as the bare key or fail a build: here it is a located problem instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from nardy_core import Game
from nardy_core.sentences import REASON_KEYS

from .i18n import Catalog, catalog_gaps, key_line
from .problems import Problem
from .rules_controls import editor_keys
from .tasks import TASKS

TEMPLATE_KEY = re.compile(r"""\bt\(\s*["']([A-Za-z0-9_.-]+)["']\s*[,)]""")
#: keys the templates build from a game's name ("course.heading." ~ game)
GAME_KEYS = ("game.{}", "course.heading.{}", "course.tagline.{}", "course.other.{}", "play.new_game_of.{}")
JS_KEY = re.compile(r"""\bt\(\s*(['"`])([A-Za-z0-9_.${}-]+)\1\s*[,)]""")


def used_keys(templates: Path, scripts: Path, problems: list[Problem] | None = None) -> list[tuple[Path, int, str]]:
    """(file, line, key or key pattern) of every literal catalog key in the templates and modules (a file that
    cannot be read is a problem, when ``problems`` is given)."""
    found: list[tuple[Path, int, str]] = []
    for pattern, sources, group in ((TEMPLATE_KEY, sorted(templates.rglob("*.html")), 1), (JS_KEY, sorted(scripts.rglob("*.js")), 2)):
        for path in sources:
            text = _read(path, problems)
            for number, line in enumerate(text.splitlines(), start=1):
                found += [(path, number, m.group(group)) for m in pattern.finditer(line)]
    return found


def _read(path: Path, problems: list[Problem] | None) -> str:
    try:
        data = path.read_bytes()
        return data.decode("utf-8")
    except OSError as exc:
        message = f"cannot read the file: {exc.strerror or exc}"
        line = 1
    except UnicodeDecodeError as exc:
        message = f"not UTF-8 text (byte {data[exc.start]:#04x}); save the file as UTF-8"
        line = data[: exc.start].count(b"\n") + 1
    if problems is not None:
        problems.append(Problem(path, line, message))
    return ""


def _located(catalog: Catalog, key: str) -> tuple[Path, int]:
    """The file and line that define ``key`` in ``catalog``."""
    path = catalog.sources.get(key)
    if path is None:
        return Path(catalog.lang), 1
    try:
        return path, key_line(path.read_text(encoding="utf-8"), key)
    except (OSError, UnicodeDecodeError):
        return path, 1


def _pattern(key: str) -> re.Pattern[str]:
    parts = re.split(r"\$\{[^}]*\}", key)
    return re.compile("^" + "[A-Za-z0-9_-]+".join(re.escape(p) for p in parts) + "$")


def check_catalogs(
    catalogs: dict[str, Catalog], i18n_dir: Path, templates: Path, scripts: Path, tags: Iterable[str]
) -> list[Problem]:
    """Every problem that would show a bare key on a page, or break a page, in either language."""
    problems = [Problem(*_located(catalog, key), f"catalog: {gap}") for key, catalog, gap in catalog_gaps(catalogs["ru"], catalogs["en"])]
    per_game = [key.format(game.value) for game in Game for key in GAME_KEYS]
    required = [*REASON_KEYS, *(key for task in TASKS.values() for key in task.catalog_keys()), *(f"tag.{t}" for t in tags), *per_game,
                *editor_keys()]
    used = used_keys(templates, scripts, problems)
    for lang, catalog in catalogs.items():
        for key in required:
            if key not in catalog:
                problems.append(Problem(i18n_dir / lang, 1, f"catalog {lang}: the key {key!r} is missing"))
        for path, line, key in used:
            if "${" in key:
                if not any(_pattern(key).match(k) for k in catalog):
                    problems.append(Problem(path, line, f"no {lang} catalog key matches {key!r}"))
            elif key not in catalog:
                problems.append(Problem(path, line, f"the {lang} catalog has no key {key!r}"))
    return problems
