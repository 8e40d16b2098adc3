"""One vocabulary: the glossary's preferred word everywhere, and a warning for each discouraged one.

The glossary (``lessons/glossary.toml``) is the single source of terms. A term lists its preferred word first
and may name what lessons and the UI should *not* say (``avoid_ru``, ``avoid_en``): synonyms the learner may
hear at the board but the course does not mix in («кость» beside «кубик»), words that mean something else
here («стенка» for a six-point block), calques («спасти марс»). Every such word in a lesson, a rules page or
a UI catalog is a warning with its file and line (``--strict`` turns warnings into errors; the tests fail on
any).

An entry is a word or a phrase of words; a word ending in ``*`` matches every word it starts (``кост*``
finds «кости», «костей»), a word starting with ``!`` matches any word but that one (``сним* шашк* с !голов*``:
«снимает шашку с 6-го» is a bear-off said with the head's verb, «снимает шашку с головы» is right). Matching
ignores case and ``ё``/``е``; a phrase matches words in a row on one line.

>>> rules = compile_avoid(("кост*", "через угол", "five-point block", "сним* шашк* с !голов*"))
>>> [m for m, _ in find_avoided("Бросьте кости: блок через угол.", rules)]
['кости', 'через угол']
>>> [m for m, _ in find_avoided("Шестёрка снимает шашку с 6-го; с головы снимают шашку с головы.", rules)]
['снимает шашку с 6-го']
>>> [m for m, _ in find_avoided("A five-point block is a wall.", rules)]
['five-point block']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from nardy_core import Game

from .glossary import Term
from .lessons import LANGUAGES, CourseSource
from .problems import Problem


def _norm(word: str) -> str:
    return word.lower().replace("ё", "е")


@dataclass(frozen=True)
class Avoided:
    """One discouraged word or phrase, compiled, with the term it belongs to."""

    tokens: tuple[str, ...]  #: normalised words; a trailing '*' is a prefix, a leading '!' a negation
    text: str
    term: Term | None = None

    @cached_property
    def key(self) -> str:
        """Text every match contains (a quick test before the regular expression)."""
        literal = [t.rstrip("*") for t in self.tokens if not t.startswith("!")]
        return max(literal, key=len) if literal else ""

    @cached_property
    def pattern(self) -> str:
        """A regular expression for the phrase in normalised (lower-case, ``ё`` → ``е``) text."""
        return r"(?<![^\W_]|[-'’])" + r"[\W_]+".join(_token_pattern(t) for t in self.tokens) + r"(?![^\W_])(?![-'’][^\W_])"


_REST = r"(?:[-'’][^\W_]+)*"


def _token_pattern(token: str) -> str:
    if token.startswith("!"):
        return f"(?!{_token_pattern(token[1:])})[^\\W_]+{_REST}"
    if token.endswith("*"):
        return f"{re.escape(token[:-1])}[^\\W_]*{_REST}"
    return re.escape(token)


def compile_avoid(entries: Iterable[str], term: Term | None = None) -> list[Avoided]:
    """Entries as matchers (every word of a phrase normalised)."""
    result = []
    for entry in entries:
        tokens = tuple(_norm(m.group(0)) for m in re.finditer(r"!?[^\W_]+(?:[-'’][^\W_]+)*\*?", entry))
        if tokens:
            result.append(Avoided(tokens, entry, term))
    return result


@cache
def _combined(patterns: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?P<r{i}>{pattern})" for i, pattern in enumerate(patterns)))


def find_avoided(line: str, rules: list[Avoided]) -> list[tuple[str, Avoided]]:
    """Every discouraged word or phrase in one line of text, as (the text found, its rule)."""
    text = _norm(line)
    candidates = [rule for rule in rules if rule.key in text]
    if not candidates:
        return []
    pattern = _combined(tuple(rule.pattern for rule in candidates))
    found = []
    for match in pattern.finditer(text):
        index = int((match.lastgroup or "r0")[1:])
        found.append((line[match.start():match.end()], candidates[index]))
    return found


def _rules_for(glossary: list[Term], lang: str, game: Game | None) -> list[Avoided]:
    """The discouraged words of one language for one game's lessons (None: the UI catalogs, which both games
    share: only the terms of both games, since a word one game avoids may be the other game's term)."""
    rules: list[Avoided] = []
    for term in glossary:
        applies = game in term.games if game is not None else set(term.games) == set(Game)
        if applies:
            rules += compile_avoid(term.avoid.get(lang, ()), term)
    return rules


def _problems(path: Path, rules: list[Avoided], glossary_path: Path | None) -> list[Problem]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []  # unreadable files are reported where they are loaded
    whole = _norm("\n".join(lines))
    rules = [rule for rule in rules if rule.key in whole]  # most files contain few of the words: test each once
    problems = []
    for number, line in enumerate(lines, start=1):
        if line.lstrip().startswith("#") and path.suffix == ".toml":
            continue  # a comment of a catalog
        for text, rule in find_avoided(line, rules):
            term = rule.term
            where = f" (glossary.toml:{term.line})" if term is not None and glossary_path is not None else ""
            lang = "ru" if "/ru/" in path.as_posix() else "en"
            preferred = term.preferred[lang] if term is not None else "?"
            problems.append(Problem(path, number, f"discouraged word «{text}»: the glossary's word is «{preferred}»{where}", warning=True))
    return problems


def check_vocabulary(
    glossary: list[Term], courses: dict[Game, CourseSource], i18n_dir: Path, glossary_path: Path | None = None
) -> list[Problem]:
    """A warning for every discouraged word in every lesson, rules page and UI catalog, with file and line."""
    problems: list[Problem] = []
    for game, course in courses.items():
        for lang in LANGUAGES:
            rules = _rules_for(glossary, lang, game)
            if not rules:
                continue
            files = [lesson.path for lesson in course.lessons.get(lang, {}).values()]
            files += [page.path for page in course.pages.get(lang, {}).values()]
            for path in sorted(files):
                problems += _problems(path, rules, glossary_path)
    for lang in LANGUAGES:
        rules = _rules_for(glossary, lang, None)
        for path in sorted((i18n_dir / lang).glob("*.toml")):
            problems += _problems(path, rules, glossary_path)
    return problems
