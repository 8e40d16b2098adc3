"""The glossary: every term we teach, Russian with English, per game; shown on each game's rules page.

``lessons/glossary.toml`` holds the terms both games share, ``lessons/<game>/glossary.toml`` those of one
game: ``[[term]]`` tables with ``ru``, ``en`` (the preferred word first, then accepted variants,
comma-separated), optional ``note_ru``/``note_en``, ``games`` (``["long"]``, ``["short"]``; default: both
in the shared file, that game in a game's file) and ``avoid_ru``/``avoid_en``: the words lessons and the UI do
not use for this term (synonyms, calques; :mod:`builder.vocabulary` finds them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from nardy_core import Game

from .lessons import read_tables
from .problems import Problem

TEXT_FIELDS = ("ru", "en", "note_ru", "note_en")
AVOID_FIELDS = ("avoid_ru", "avoid_en")


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    ru: str
    en: str
    notes: dict[str, str]
    games: tuple[Game, ...]
    line: int
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict)  #: lang -> discouraged words and phrases

    def note(self, lang: str) -> str:
        return self.notes.get(lang, "")

    @property
    def preferred(self) -> dict[str, str]:
        """The preferred word per language (the first one listed)."""
        return {"ru": self.ru.split(",")[0].split(";")[0].strip(), "en": self.en.split(",")[0].split(";")[0].strip()}


def load_glossary(path: Path, problems: list[Problem], games: tuple[Game, ...] = tuple(Game)) -> list[Term]:
    """Every term of a glossary file (``games``: the default of its terms); malformed entries are problems."""
    terms = []
    for line, item in read_tables(path, "term", problems):
        if not isinstance(item, dict):
            problems.append(Problem(path, line, "a [[term]] must be a table"))
            continue
        unknown = set(item) - set(TEXT_FIELDS) - set(AVOID_FIELDS) - {"games"}
        bad = [key for key in TEXT_FIELDS if key in item and (not isinstance(item[key], str) or not item[key].strip())]
        bad += [key for key in AVOID_FIELDS if key in item and (
            not isinstance(item[key], list) or not all(isinstance(w, str) and w.strip() for w in item[key]))]
        if unknown or bad or not isinstance(item.get("ru"), str) or not isinstance(item.get("en"), str):
            what = (f"unknown field(s) {', '.join(sorted(unknown))}" if unknown
                    else "ru and en must be texts (notes too, if given); avoid_ru/avoid_en lists of words")
            problems.append(Problem(path, line, f"term: {what}"))
            continue
        games_raw = item.get("games", [g.value for g in games])
        try:  # (a term's own games: the file's default must stay as it is for the next term)
            term_games = tuple(Game.parse(g) for g in games_raw) if isinstance(games_raw, list) and games_raw else ()
        except ValueError:
            term_games = ()
        if not term_games:
            problems.append(Problem(path, line, "term: games must be a list of 'long' and/or 'short'"))
            continue
        notes = {key.removeprefix("note_"): item[key] for key in ("note_ru", "note_en") if key in item}
        avoid = {key.removeprefix("avoid_"): tuple(item[key]) for key in AVOID_FIELDS if key in item}
        terms.append(Term(item["ru"], item["en"], notes, term_games, line, avoid))
    return terms
