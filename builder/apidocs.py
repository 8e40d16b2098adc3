"""The lab's API reference: nardy_core's public names read from the code itself, grouped by theme.

Everything a learner can call is taken from the objects: ``nardy_core.__all__``, the public functions of the
modules the lab uses (:data:`MODULES`), and the request kinds of ``nardy_core.api.HANDLERS``. Signatures come
from :func:`inspect.signature` (annotations as written: the core uses ``from __future__ import annotations``),
prose and examples from the docstrings (:class:`doctest.DocTestParser`), a constant's text from its ``#:``
comment. A public name without a docstring, or one that no theme lists, is an :class:`ApiDocsError`: the
reference cannot silently fall behind the code.

Anchors are the name as written after ``nardy_core.``: ``Position``, ``Position.from_notation``,
``bearoff.expected_rolls``, ``api.turns`` (a request kind).
"""

from __future__ import annotations

import ast
import dataclasses
import doctest
import enum
import importlib
import inspect
import os
import re
import types
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, ForwardRef

from markdown_it import MarkdownIt

from .problems import Problem

#: the names of ``nardy_core.__all__`` by theme, in the order a learner meets them; the modules and request
#: kinds are added to the themes of :data:`MODULES`
THEMES: dict[str, tuple[str, ...]] = {
    "positions": ("Game", "Side", "Position", "board_model", "POINTS", "CHECKERS", "HOME", "OFF", "BAR"),
    "dice": ("Roll", "Step", "format_play", "parse_play"),
    "turns": ("legal_turns", "check_play", "PlayVerdict", "TurnInProgress", "StepVerdict", "TurnSearch",
              "Reason", "ReasonCode", "codes_for"),
    "rules": ("Rules", "LongRules", "ShortRules", "default_rules", "rules_from_dict"),
    "flow": ("start", "GameState", "Record", "Cube", "start_match", "Match", "score", "Result"),
    "bearoff": (),
    "computer": (),
    "json": ("__version__",),
    "errors": ("NardyError", "PositionError", "DiceError", "PlayError", "RulesError", "GameError", "InputError"),
}
#: module of nardy_core -> the theme it opens (its docstring) and the functions it adds there (None: every
#: public function); a module with request ``HANDLERS`` also adds each request kind
MODULES: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "bearoff": ("bearoff", None),
    "bot": ("computer", None),
    "api": ("json", ("call", "handle")),  # the rest of its functions are the page's plumbing
}


class ApiDocsError(Exception):
    """A public name the reference cannot document; ``path`` and ``line`` say where it is defined."""

    def __init__(self, message: str, path: Path | None = None, line: int = 1) -> None:
        super().__init__(message)
        self.path = path
        self.line = line


@dataclass(frozen=True)
class Example:
    """One doctest example: the source as typed after ``>>>`` and the output it must print."""

    source: str
    want: str

    def lines(self) -> list[str]:
        """The example as a learner types and sees it.

        >>> Example("for x in y:\\n    x\\n", "1\\n").lines()
        ['>>> for x in y:', '...     x', '1']
        """
        typed = self.source.rstrip("\n").split("\n")
        shown = [f">>> {typed[0]}", *(f"... {line}" for line in typed[1:])]
        return shown + (self.want.rstrip("\n").split("\n") if self.want else [])


@dataclass(frozen=True)
class Docstring:
    """A docstring in its order: prose (str) and runs of doctest examples (tuples)."""

    parts: tuple[str | tuple[Example, ...], ...]

    @property
    def summary(self) -> str:
        prose = self.prose
        return " ".join(prose[0].split("\n\n")[0].split()) if prose else ""

    @property
    def prose(self) -> list[str]:
        return [part for part in self.parts if isinstance(part, str)]

    @property
    def examples(self) -> list[Example]:
        return [example for part in self.parts if isinstance(part, tuple) for example in part]


@dataclass(frozen=True)
class Entry:
    """One documented name: ``kind`` is module, class, function, method, classmethod, property, constant, alias
    or request; ``signature`` is the whole line a learner reads (``legal_turns(position: Position, …) -> …``)."""

    id: str
    name: str
    kind: str
    signature: str
    doc: Docstring
    members: tuple[Entry, ...] = ()
    values: tuple[str, ...] = ()  #: an enum's members

    def every_entry(self) -> list[Entry]:
        return [self, *self.members]


@dataclass(frozen=True)
class Theme:
    """A section of the reference: its catalog key (``apidocs.theme.<key>``) and entries."""

    key: str
    entries: tuple[Entry, ...]


def parse_docstring(text: str) -> Docstring:
    """Split a docstring into prose and example runs, keeping their order.

    >>> parse_docstring("Add.\\n\\n>>> 1 + 1\\n2\\n>>> 2\\n2\\n\\nDone.").parts
    ('Add.', (Example(source='1 + 1\\n', want='2\\n'), Example(source='2\\n', want='2\\n')), 'Done.')
    """
    parts: list[str | tuple[Example, ...]] = []
    run: list[Example] = []
    for piece in doctest.DocTestParser().parse(inspect.cleandoc(text)):
        if isinstance(piece, doctest.Example):
            run.append(Example(piece.source, piece.want))
        elif piece.strip():
            if run:
                parts.append(tuple(run))
                run = []
            parts.append(piece.strip())
    if run:
        parts.append(tuple(run))
    return Docstring(tuple(parts))


class _Written(str):
    """An annotation or default shown as written (inspect would quote a string annotation)."""

    def __repr__(self) -> str:
        return str(self)


def _written_default(value: object) -> object:
    if isinstance(value, enum.Enum):
        return _Written(f"{type(value).__name__}.{value.name}")
    if repr(value) == "<factory>":  # a dataclass field with a default_factory: built afresh for each object
        return _Written("…")
    return value


def _written_annotation(value: object) -> object:
    if isinstance(value, ForwardRef):
        return _Written(value.__forward_arg__)
    return _Written(value) if isinstance(value, str) else value


def signature(obj: Callable[..., Any], *, drop_first: bool = False, returns: bool = True) -> str:
    """``(name: type = default, …) -> type`` with the annotations as the code writes them."""
    sig = inspect.signature(obj)
    parameters = [p.replace(annotation=_written_annotation(p.annotation), default=_written_default(p.default))
                  for p in sig.parameters.values()][1 if drop_first else 0:]
    result = _written_annotation(sig.return_annotation) if returns else inspect.Signature.empty
    return str(sig.replace(parameters=parameters, return_annotation=result))


def _where(obj: object) -> tuple[Path | None, int]:
    try:
        target = obj.fget if isinstance(obj, property) else obj
        return Path(inspect.getsourcefile(target) or ""), inspect.getsourcelines(target)[1]  # type: ignore[arg-type]
    except (TypeError, OSError):
        return None, 1


def _generated(obj: object) -> set[str]:
    """The docstrings Python writes for a class that has none (they say nothing a signature does not)."""
    if not inspect.isclass(obj):
        return set()
    made = {"An enumeration."}
    if dataclasses.is_dataclass(obj):
        made.add(obj.__name__ + str(inspect.signature(obj)).replace(" -> None", ""))
    if hasattr(obj, "_fields"):
        made.add(f"{obj.__name__}({', '.join(obj._fields)})")
    return made


def _doc(obj: object, name: str) -> Docstring:
    text = getattr(obj, "__doc__", None)
    if not text or not text.strip() or text in _generated(obj):
        raise ApiDocsError(f"{name} has no docstring: the API reference (builder/apidocs.py) documents "
                           "every public name; write one (a doctest helps learners most)", *_where(obj))
    return parse_docstring(text)


def _member(owner: type, name: str, attr: object, prefix: str) -> Entry | None:
    qualified = f"{prefix}.{name}"
    if isinstance(attr, property):
        returns = inspect.signature(attr.fget).return_annotation if attr.fget else inspect.Signature.empty
        annotation = _written_annotation(returns)
        shown = "" if annotation is inspect.Signature.empty else f": {annotation}"
        return Entry(qualified, qualified, "property", qualified + shown, _doc(attr, qualified))
    if isinstance(attr, classmethod):
        function = getattr(owner, name)
        return Entry(qualified, qualified, "classmethod", qualified + signature(function), _doc(attr.__func__, qualified))
    if isinstance(attr, staticmethod) or inspect.isfunction(attr):
        plain = isinstance(attr, staticmethod)
        function = attr.__func__ if isinstance(attr, staticmethod) else attr
        shown = qualified + signature(function, drop_first=not plain)
        return Entry(qualified, qualified, "method", shown, _doc(function, qualified))
    return None  # fields, enum members and class constants are in the class's signature or values


def _class(cls: type, name: str) -> Entry:
    members = [entry for attr_name, attr in vars(cls).items() if not attr_name.startswith("_")
               if (entry := _member(cls, attr_name, attr, name)) is not None]
    if issubclass(cls, enum.Enum):
        # an enum's own signature is the machinery of Enum; a learner calls it with a value: Game("long")
        shown, values = f"{name}(value)", tuple(f"{member.name} = {member.value!r}" for member in cls)
    else:
        shown, values = name + signature(cls, returns=False), ()
    return Entry(name, name, "class", shown, _doc(cls, name), tuple(members), values)


def _constants(module: ModuleType) -> dict[str, tuple[str, str, int]]:
    """name -> (value as written, its ``#:`` comment, line) for the module-level assignments of ``module``."""
    path = getattr(module, "__file__", None)  # None for a module made in memory
    return {} if path is None else _constants_in(path, os.stat(path).st_mtime_ns)


@cache
def _constants_in(path: str, _changed: int) -> dict[str, tuple[str, str, int]]:
    """:func:`_constants` of the module at ``path``: parsed once per version of the file (each constant the
    reference shows asks, and the dev server builds again and again)."""
    source = Path(path).read_text(encoding="utf-8")
    lines = source.splitlines()
    found: dict[str, tuple[str, str, int]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            same_line = re.search(r"#:\s*(.*)$", lines[(node.end_lineno or node.lineno) - 1])
            before = re.match(r"\s*#:\s*(.*)$", lines[node.lineno - 2]) if node.lineno > 1 else None
            comment = (same_line or before).group(1) if (same_line or before) else ""  # type: ignore[union-attr]
            found[node.targets[0].id] = (ast.get_source_segment(source, node.value) or "", comment, node.lineno)
    return found


def _origins(package: ModuleType) -> dict[str, ModuleType]:
    """Where each name the package imports from its own modules is defined (constants carry no module)."""
    path = getattr(package, "__file__", None)
    if path is None:
        return {}
    origins: dict[str, ModuleType] = {}
    for node in ast.parse(Path(path).read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            module = getattr(package, node.module.split(".")[0], None)
            origins.update({alias.name: module for alias in node.names if isinstance(module, ModuleType)})
    return origins


def _constant(package: ModuleType, name: str, origins: Mapping[str, ModuleType]) -> Entry:
    home = origins.get(name, package)
    value, comment, line = _constants(home).get(name, ("", "", 1))
    if not comment:
        raise ApiDocsError(f"{name} has no '#:' comment: the API reference (builder/apidocs.py) shows it "
                           "as the constant's description; write one on its line", _where(home)[0], line)
    kind = "alias" if isinstance(getattr(package, name), (types.UnionType, types.GenericAlias)) else "constant"
    return Entry(name, name, kind, f"{name} = {value}", parse_docstring(comment))


def document(package: ModuleType, name: str, origins: Mapping[str, ModuleType] | None = None) -> Entry:
    """The entry of one public name of ``package`` (a module's function as ``module.function``)."""
    obj: object = package
    for part in name.split("."):
        obj = getattr(obj, part)
    if inspect.isclass(obj):
        return _class(obj, name)
    if inspect.isfunction(obj) or inspect.isbuiltin(obj):
        return Entry(name, name, "function", name + signature(obj), _doc(obj, name))
    return _constant(package, name, origins or {})


def module_functions(module: ModuleType) -> list[str]:
    """The public functions defined in ``module`` (not imported into it), in source order."""
    own = [obj for key, obj in vars(module).items()
           if not key.startswith("_") and inspect.isfunction(obj) and obj.__module__ == module.__name__]
    return [obj.__name__ for obj in sorted(own, key=lambda f: f.__code__.co_firstlineno)]


def requests(api: ModuleType, prefix: str) -> list[Entry]:
    """One entry per request kind of ``api.HANDLERS``, shown as the call a learner writes."""
    return [Entry(f"{prefix}.{kind}", f'"{kind}"', "request", f'{prefix}.call("{kind}", query: dict) -> dict',
                  _doc(handler, f"{prefix}.{handler.__name__}")) for kind, handler in api.HANDLERS.items()]


@dataclass(frozen=True)
class Reference:
    """The package's own docstring (the overview) and every theme."""

    overview: Entry
    themes: tuple[Theme, ...]

    def anchors(self) -> frozenset[str]:
        return frozenset(entry.id for theme in self.themes for top in theme.entries for entry in top.every_entry())


def _module(package: ModuleType, name: str) -> Entry:
    module = importlib.import_module(f"{package.__name__}.{name}")
    # the namespace its doctests run in, which is what a learner types before trying one
    return Entry(name, f"{package.__name__}.{name}", "module", f"from {module.__name__} import *", _doc(module, name))


def reference(package: ModuleType, themes: Mapping[str, tuple[str, ...]] = THEMES,
              modules: Mapping[str, tuple[str, tuple[str, ...] | None]] = MODULES) -> Reference:
    """Every public name of ``package`` documented, by theme; an :class:`ApiDocsError` for one that cannot be."""
    public = list(package.__all__)
    listed = [name for names in themes.values() for name in names]
    if missing := [name for name in public if name not in listed]:
        raise ApiDocsError(f"no theme of builder/apidocs.THEMES lists {', '.join(missing)}: add each to one")
    if unknown := [name for name in listed if name not in public]:
        raise ApiDocsError(f"builder/apidocs.THEMES lists {', '.join(unknown)}, not in nardy_core.__all__")
    overview = Entry(package.__name__, package.__name__, "module", f"from {package.__name__} import *", _doc(package, package.__name__))
    try:
        return Reference(overview, _themes(package, themes, modules))
    except ApiDocsError as exc:  # the entries name themselves from inside the package
        raise ApiDocsError(f"{package.__name__}.{exc}", exc.path, exc.line) from None


def reference_problems(package: ModuleType) -> list[Problem]:
    """What stops the reference of ``package``, as build problems (at validation, so ``check`` finds them too)."""
    try:
        reference(package)
    except ApiDocsError as exc:
        return [Problem(exc.path or Path(getattr(package, "__file__", None) or package.__name__), exc.line, f"API reference: {exc}")]
    return []


def _themes(package: ModuleType, themes: Mapping[str, tuple[str, ...]],
            modules: Mapping[str, tuple[str, tuple[str, ...] | None]]) -> tuple[Theme, ...]:
    origins = _origins(package)
    entries = {key: [document(package, name, origins) for name in names] for key, names in themes.items()}
    for module_name, (theme, names) in modules.items():
        module = importlib.import_module(f"{package.__name__}.{module_name}")
        entries[theme] += [_module(package, module_name)]
        entries[theme] += [document(package, f"{module_name}.{name}") for name in names or module_functions(module)]
        if hasattr(module, "HANDLERS"):
            entries[theme] += requests(module, module_name)
    return tuple(Theme(key, tuple(found)) for key, found in entries.items())


_ROLE = re.compile(r":(func|meth|class|data|mod|attr|exc):`~?([^`]+)`")
_LITERAL = re.compile(r"``(.+?)``")


def prose_markdown(text: str, anchors: Collection[str], context: str = "") -> str:
    """reST roles and literals as Markdown; a role naming a documented entry links to its anchor.

    >>> prose_markdown("See :meth:`start` and ``x``.", {"Position.start"}, "Position")
    'See [`start`](#Position.start) and `x`.'
    """

    def role(match: re.Match[str]) -> str:
        kind, target = match.group(1), match.group(2).removeprefix("nardy_core.")
        scope = context.rsplit(".", 1)[0] if "." in context else ""
        # a module is named in full; a function or method may be named from inside its class or module
        candidates = [target] if kind == "mod" else [f"{context}.{target}", f"{scope}.{target}", target]
        found = [candidate.strip(".") for candidate in candidates if candidate.strip(".") in anchors]
        return f"[`{target}`](#{found[0]})" if found else f"`{target}`"

    return _LITERAL.sub(lambda m: f"`{m.group(1)}`", _ROLE.sub(role, text))


_MARKDOWN = MarkdownIt("commonmark", {"html": False})  # no typographer: it would print "1..6" as "1…6"


def prose_html(text: str, anchors: Collection[str], context: str = "") -> str:
    """A docstring's prose as HTML (its raw HTML escaped).

    >>> prose_html("A <b> ``x``.", {})
    '<p>A &lt;b&gt; <code>x</code>.</p>\\n'
    """
    return str(_MARKDOWN.render(prose_markdown(text, anchors, context)))
