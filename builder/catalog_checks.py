"""Checks that the ru and en catalogs hold every string the pages and the page's JavaScript ask for.

A key is asked for by name in four places: templates (``t("nav.course")``), ES modules (``t('widget.undo')``,
also as a template literal ``t(`board.side.${side}`)``, which any existing key may satisfy), nardy_core's
reasons (:data:`nardy_core.api.REASON_KEYS`), and the registries of the builder (tasks, tags). A missing key
would render as the bare key or fail a build: here it is a located problem instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from nardy_core import Game
from nardy_core.api import REASON_KEYS

from .i18n import Catalog, check_complete
from .problems import Problem
from .tasks import TASKS

TEMPLATE_KEY = re.compile(r"""\bt\(\s*["']([A-Za-z0-9_.-]+)["']\s*[,)]""")
#: keys the templates build from a game's name ("course.heading." ~ game)
GAME_KEYS = ("game.{}", "course.heading.{}", "course.tagline.{}", "course.other.{}", "play.new_game_of.{}")
JS_KEY = re.compile(r"""\bt\(\s*(['"`])([A-Za-z0-9_.${}-]+)\1\s*[,)]""")


def used_keys(templates: Path, scripts: Path) -> list[tuple[Path, int, str]]:
    """(file, line, key or key pattern) of every literal catalog key in the templates and modules."""
    found: list[tuple[Path, int, str]] = []
    for path in sorted(templates.rglob("*.html")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            found += [(path, number, m.group(1)) for m in TEMPLATE_KEY.finditer(line)]
    for path in sorted(scripts.rglob("*.js")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            found += [(path, number, m.group(2)) for m in JS_KEY.finditer(line)]
    return found


def _pattern(key: str) -> re.Pattern[str]:
    parts = re.split(r"\$\{[^}]*\}", key)
    return re.compile("^" + "[A-Za-z0-9_-]+".join(re.escape(p) for p in parts) + "$")


def check_catalogs(
    catalogs: dict[str, Catalog], i18n_dir: Path, templates: Path, scripts: Path, tags: Iterable[str]
) -> list[Problem]:
    """Every problem that would show a bare key on a page, or break a page, in either language."""
    problems = [Problem(i18n_dir, 1, f"catalog: {gap}") for gap in check_complete(catalogs["ru"], catalogs["en"])]
    per_game = [key.format(game.value) for game in Game for key in GAME_KEYS]
    required = [*REASON_KEYS, *(key for task in TASKS.values() for key in task.catalog_keys()), *(f"tag.{t}" for t in tags), *per_game]
    for lang, catalog in catalogs.items():
        for key in required:
            if key not in catalog:
                problems.append(Problem(i18n_dir / lang, 1, f"catalog {lang}: the key {key!r} is missing"))
        for path, line, key in used_keys(templates, scripts):
            if "${" in key:
                if not any(_pattern(key).match(k) for k in catalog):
                    problems.append(Problem(path, line, f"no {lang} catalog key matches {key!r}"))
            elif key not in catalog:
                problems.append(Problem(path, line, f"the {lang} catalog has no key {key!r}"))
    return problems
