"""The glossary: every term we teach, Russian with English, per game; shown on each game's rules page.

``lessons/glossary.toml`` holds the terms both games share, ``lessons/<game>/glossary.toml`` those of one
game: ``[[term]]`` tables with ``ru``, ``en`` (the preferred word first, then accepted variants,
comma-separated), optional ``note_ru``/``note_en`` and ``games`` (``["long"]``, ``["short"]``; default: both
in the shared file, that game in a game's file).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nardy_core import Game

from .lessons import read_tables
from .problems import Problem

TEXT_FIELDS = ("ru", "en", "note_ru", "note_en")


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    ru: str
    en: str
    notes: dict[str, str]
    games: tuple[Game, ...]
    line: int

    def note(self, lang: str) -> str:
        return self.notes.get(lang, "")


def load_glossary(path: Path, problems: list[Problem], games: tuple[Game, ...] = tuple(Game)) -> list[Term]:
    """Every term of a glossary file (``games``: the default of its terms); malformed entries are problems."""
    terms = []
    for line, item in read_tables(path, "term", problems):
        if not isinstance(item, dict):
            problems.append(Problem(path, line, "a [[term]] must be a table"))
            continue
        unknown = set(item) - set(TEXT_FIELDS) - {"games"}
        bad = [key for key in TEXT_FIELDS if key in item and (not isinstance(item[key], str) or not item[key].strip())]
        if unknown or bad or not isinstance(item.get("ru"), str) or not isinstance(item.get("en"), str):
            what = f"unknown field(s) {', '.join(sorted(unknown))}" if unknown else "ru and en must be texts (notes too, if given)"
            problems.append(Problem(path, line, f"term: {what}"))
            continue
        games_raw = item.get("games", [g.value for g in games])
        try:
            games = tuple(Game.parse(g) for g in games_raw) if isinstance(games_raw, list) and games_raw else ()
        except ValueError:
            games = ()
        if not games:
            problems.append(Problem(path, line, "term: games must be a list of 'long' and/or 'short'"))
            continue
        notes = {key.removeprefix("note_"): item[key] for key in ("note_ru", "note_en") if key in item}
        terms.append(Term(item["ru"], item["en"], notes, games, line))
    return terms
