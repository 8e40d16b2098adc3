"""UI string catalogs: TOML files per language, `{name}` placeholders and CLDR plural tables.

Layout: ``site/i18n/{lang}/*.toml``. Every file of a language is merged into one flat catalog whose keys are
the dotted TOML paths (``[board.point] empty = "..."`` becomes ``board.point.empty``). Several files exist so
that each part of the site owns its strings (``board.toml``, ``ui.toml``, ``reasons.toml``…); a key defined
in two files is an error that names both files.

A value is either a string or a plural table ``{one = "...", few = "...", many = "...", other = "..."}``
chosen by the integer parameter ``n`` with the CLDR cardinal rules of the language. The browser side
(``site/static/js/i18n.js``) implements the same semantics with ``Intl.PluralRules``.

>>> plural_category("ru", 21), plural_category("ru", 22), plural_category("ru", 11), plural_category("en", 1)
('one', 'few', 'many', 'one')
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .toml_text import TomlProblem, parse_toml

PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
# `{name}` only: no format specs or attribute access, so that Python and JS substitute identically.
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")

Message = str | dict[str, str]


def _plural_ru(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def _plural_en(n: int) -> str:
    return "one" if n == 1 else "other"


# CLDR cardinal rules for integers, and the categories a plural table must define for that language.
PLURAL_RULES: dict[str, Callable[[int], str]] = {"ru": _plural_ru, "en": _plural_en}
REQUIRED_CATEGORIES: dict[str, frozenset[str]] = {
    "ru": frozenset({"one", "few", "many"}),
    "en": frozenset({"one", "other"}),
}


class I18nError(Exception):
    """Base class of every catalog problem."""


class CatalogError(I18nError):
    """A catalog file is unreadable, malformed, or clashes with another file: ``path`` and ``line`` say where,
    ``detail`` what (the message also names the file)."""

    def __init__(self, message: str, path: Path | None = None, line: int = 1, detail: str | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.line = line
        self.detail = detail or message


class MissingMessageError(I18nError, KeyError):
    """A key (or a placeholder parameter) a caller asked for is not there."""

    def __str__(self) -> str:  # KeyError would print the message in quotes
        return str(self.args[0]) if self.args else ""


def plural_category(lang: str, n: int) -> str:
    """CLDR cardinal plural category of the integer `n` in `lang` (ru: one/few/many, en: one/other)."""
    try:
        rule = PLURAL_RULES[lang]
    except KeyError:
        raise I18nError(f"no plural rules for language {lang!r}") from None
    return rule(abs(int(n)))


def placeholders(message: Message) -> set[str]:
    """Names of the `{placeholders}` used anywhere in a message (all plural forms together)."""
    texts = message.values() if isinstance(message, dict) else [message]
    return {name for text in texts for name in PLACEHOLDER.findall(text)}


@dataclass(frozen=True)
class Catalog:
    """All UI strings of one language, flattened to dotted keys, with the file each key came from."""

    lang: str
    messages: Mapping[str, Message]
    sources: Mapping[str, Path] = field(default_factory=dict)

    def __contains__(self, key: object) -> bool:
        return key in self.messages

    def __iter__(self) -> Iterator[str]:
        return iter(self.messages)

    def keys(self) -> set[str]:
        """Every key of the catalog."""
        return set(self.messages)

    def t(self, key: str, **params: object) -> str:
        """The message `key` with its placeholders filled from `params` (a plural table needs `n`).

        Raises MissingMessageError naming the key and language for an unknown key or a missing parameter.
        """
        try:
            message = self.messages[key]
        except KeyError:
            raise MissingMessageError(f"no message {key!r} in the {self.lang!r} catalog") from None
        if isinstance(message, dict):
            if "n" not in params:
                raise MissingMessageError(f"message {key!r} ({self.lang}) is a plural table and needs n=")
            category = plural_category(self.lang, int(params["n"]))  # type: ignore[call-overload]
            text = message.get(category) or message.get("other") or message["many"]
        else:
            text = message

        def substitute(match: re.Match[str]) -> str:
            name = match.group(1)
            if name not in params:
                raise MissingMessageError(f"message {key!r} ({self.lang}) needs the parameter {name!r}")
            return str(params[name])

        return PLACEHOLDER.sub(substitute, text)

    __call__ = t

    def as_json(self) -> str:
        """The catalog as a JSON object {key: string | plural table} for i18n.js `setCatalog`.

        `<`, `>` and `&` are escaped so the text can sit inside an inline `<script type="application/json">`.
        """
        text = json.dumps(dict(self.messages), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _is_plural_table(value: Mapping[str, object]) -> bool:
    return bool(value) and set(value) <= PLURAL_CATEGORIES and all(isinstance(v, str) for v in value.values())


def key_line(text: str, key: str) -> int:
    """The line of a catalog file that defines the dotted ``key`` (under its ``[table]`` header or written out
    in full), 1 if it cannot be found.

    >>> key_line('[board]\\ntitle = "a"\\n[board.point]\\nempty = "b"\\n', "board.point.empty")
    4
    """
    table = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("[") and line.endswith("]"):
            table = line.strip("[]").replace(" ", "").replace('"', "")
            continue
        name = line.split("=", 1)[0].strip().replace(" ", "").replace('"', "") if "=" in line else ""
        if name and (f"{table}.{name}" if table else name) == key:
            return number
    return 1


def _flatten(table: Mapping[str, object], prefix: str, lang: str, path: Path, text: str) -> Iterator[tuple[str, Message]]:
    """Yield (dotted key, message) for every leaf of a parsed TOML table."""
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, str):
            yield key, value
        elif isinstance(value, dict) and _is_plural_table(value):
            missing = REQUIRED_CATEGORIES.get(lang, frozenset({"other"})) - set(value)
            if missing:
                detail = f"plural table {key!r} lacks {sorted(missing)} for language {lang!r}"
                raise CatalogError(f"{path}: {detail}", path, key_line(text, key), detail)
            yield key, dict(value)
        elif isinstance(value, dict):
            yield from _flatten(value, f"{key}.", lang, path, text)
        else:
            detail = f"{key!r} must be a string or a plural table, not {type(value).__name__}"
            raise CatalogError(f"{path}: {detail}", path, key_line(text, key), detail)


def load_catalog(i18n_dir: Path, lang: str) -> Catalog:
    """Merge every `i18n_dir/lang/*.toml` into one Catalog; a key defined twice is a CatalogError."""
    lang_dir = Path(i18n_dir) / lang
    files = sorted(lang_dir.glob("*.toml"))
    if not files:
        raise CatalogError(f"no catalog files (*.toml) in {lang_dir}", lang_dir)
    messages: dict[str, Message] = {}
    sources: dict[str, Path] = {}
    for path in files:
        try:
            data = path.read_bytes()
            text = data.decode("utf-8")
        except OSError as error:
            raise CatalogError(f"{path}: {error.strerror or error}", path, 1, f"cannot read the file: {error.strerror or error}") from None
        except UnicodeDecodeError as error:
            detail = f"not UTF-8 text (byte {data[error.start]:#04x}); save the file as UTF-8"
            raise CatalogError(f"{path}: {detail}", path, data[: error.start].count(b"\n") + 1, detail) from None
        try:
            parsed = parse_toml(text)
        except TomlProblem as error:
            raise CatalogError(f"{path}: invalid TOML: {error.message}", path, error.line, f"invalid TOML: {error.message}") from None
        for key, message in _flatten(parsed, "", lang, path, text):
            if key in messages:
                detail = f"duplicate key {key!r}: also defined in {sources[key].name}"
                raise CatalogError(f"duplicate key {key!r}: defined in {sources[key]} and in {path}", path, key_line(text, key), detail)
            messages[key] = message
            sources[key] = path
    return Catalog(lang=lang, messages=messages, sources=sources)


def catalog_gaps(ru: Catalog, en: Catalog) -> list[tuple[str, Catalog, str]]:
    """(key, the catalog whose file should change, what is wrong) for every key that makes the two catalogs
    inconsistent: present in one language only, or with other placeholders."""
    gaps: list[tuple[str, Catalog, str]] = []
    for have, lack in ((ru, en), (en, ru)):
        for key in sorted(have.keys() - lack.keys()):
            gaps.append((key, have, f"{key}: missing in {lack.lang!r} (defined in {have.sources.get(key, have.lang)})"))
    for key in sorted(ru.keys() & en.keys()):
        ru_names, en_names = placeholders(ru.messages[key]), placeholders(en.messages[key])
        if ru_names != en_names:
            gaps.append((key, en, f"{key}: placeholders differ: {ru.lang} {sorted(ru_names)}, {en.lang} {sorted(en_names)}"))
    return gaps


def check_complete(ru: Catalog, en: Catalog) -> list[str]:
    """Problems that make the two catalogs inconsistent, one line per key; an empty list means complete.

    A key present in only one language is reported with the file that defines it; a key whose
    placeholders differ between the languages is reported too (it would fail at run time).
    """
    return [message for _, _, message in catalog_gaps(ru, en)]
