"""The API's answer types and the page's JSDoc types of them are one set of shapes, key for key.

``nardy_core/answer_types.py`` declares each answer (and each object inside one) as a ``TypedDict``; the page
reads them through ``@typedef`` blocks of the JavaScript. :data:`JS_NAME` pairs each TypedDict with its
typedef, one to one, and the tests compare each pair's keys, which are optional, and their types (mapped:
``str`` is ``string``, ``int`` ``number``, ``list[X]`` ``X[]``, ``dict[K, V]`` ``Record<K, V>``, a
``Literal`` a union of quoted strings, ``Any`` ``unknown``, a TypedDict its typedef; ``Annotated[str, "Side"]``
is the JSDoc alias ``Side``; a tuple of one type is an array of it).
"""

from __future__ import annotations

import re
import types
import typing
from pathlib import Path
from typing import Annotated, Any, Literal, NotRequired, Required, Union, get_args, get_origin, get_type_hints

import pytest

from nardy_core import answer_types
from nardy_core.api import HANDLERS
from nardy_core.requests import PLAYERS
from nardy_core.sides import Side

JS = Path(__file__).resolve().parents[2] / "site" / "static" / "js"
#: where the answers' typedefs live
JS_FILES = ("rules-client.js", "board/types.js", "game-review.js")

#: every TypedDict of nardy_core.answer_types -> the name of its JSDoc typedef (unique across JS_FILES)
JS_NAME: dict[type, str] = {
    answer_types.Occupant: "Occupant",
    answer_types.DieUse: "DieUse",
    answer_types.CubeState: "CubeState",
    answer_types.BoardModel: "BoardModel",
    answer_types.ReasonJson: "Reason",
    answer_types.PlayedStep: "PlayedStep",
    answer_types.Destination: "Destination",
    answer_types.TurnState: "TurnState",
    answer_types.TurnPartJson: "TurnPart",
    answer_types.TurnFields: "TurnFields",
    answer_types.SetupProblem: "SetupProblem",
    answer_types.ResultJson: "GameResult",
    answer_types.EventJson: "GameEvent",
    answer_types.GameStateJson: "GameStateJson",
    answer_types.SideReviewJson: "SideReview",
    answer_types.Outcome: "Outcome",
    answer_types.ErrorDetail: "AnswerError",
    answer_types.ErrorAnswer: "ErrorAnswer",
    answer_types.PingAnswer: "PingAnswer",
    answer_types.TurnsAnswer: "TurnsAnswer",
    answer_types.CheckAnswer: "CheckAnswer",
    answer_types.DescribeAnswer: "DescribeAnswer",
    answer_types.SetupAnswer: "SetupAnswer",
    answer_types.StepAnswer: "StepAnswer",
    answer_types.ExplainAnswer: "ExplainAnswer",
    answer_types.BotTurnAnswer: "BotTurnAnswer",
    answer_types.GameReviewAnswer: "GameReview",
    answer_types.HintPlay: "HintPlay",
    answer_types.HintAnswer: "HintAnswer",
    answer_types.AdvisedPlay: "AdvisedPlay",
    answer_types.AdviseAnswer: "AdviseAnswer",
    answer_types.WhyJson: "WhyJson",
    answer_types.JudgeAnswer: "JudgeAnswer",
    answer_types.EvaluateAnswer: "EvaluateAnswer",
    answer_types.CubeAdviceJson: "CubeAdvice",
    answer_types.CubeAnswer: "CubeAnswer",
    answer_types.AnalysedTurn: "AnalysedTurn",
    answer_types.AnalysedCube: "AnalysedCube",
    answer_types.SideAnalysisJson: "SideAnalysisJson",
    answer_types.GameAnalysisAnswer: "GameAnalysisAnswer",
    answer_types.ShareCodes: "ShareCodes",
    answer_types.ShareCodesAnswer: "ShareCodesAnswer",
    answer_types.SharedPositionAnswer: "SharedPositionAnswer",
    answer_types.GameFileAnswer: "GameFileAnswer",
}
#: the JSDoc aliases that answer_types names in Annotated, with the values Python writes for each
ALIASES: dict[str, set[str]] = {
    "Side": {f"'{side.value}'" for side in Side},
    "GameName": {"string"},  # the page passes a game's name on unread: it never compares it (test_contracts.py)
    "PlayerKind": {f"'{kind}'" for kind in PLAYERS},
    "PointId": {"number", "'bar'", "'off'"},
}
PRIMITIVES = {"string": "string", "number": "number", "boolean": "boolean", "null": "null", "unknown": "unknown", "any": "unknown"}


# ---------------------------------------------------------------------------------------------
# the JSDoc side


class Typedef(typing.NamedTuple):
    file: str
    name: str
    type: str  #: the type expression ("object" for a block of @property)
    properties: dict[str, tuple[bool, str]]  #: name -> (optional, type), for a block of @property


def _braced(text: str, start: int) -> tuple[str, int]:
    """The text inside the braces opening at ``start``, and the index after the closing brace."""
    depth = 0
    for index in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[index], 0)
        if depth == 0:
            return text[start + 1 : index], index + 1
    raise ValueError(f"unbalanced braces in {text[start:start + 80]!r}")


def read_typedefs() -> dict[str, Typedef]:
    """Every @typedef of :data:`JS_FILES` but the imports of another file's, by name."""
    found: dict[str, Typedef] = {}
    for file in JS_FILES:
        source = (JS / file).read_text(encoding="utf-8")
        for comment in re.findall(r"/\*\*(.*?)\*/", source, re.S):
            text = "\n".join(re.sub(r"^\s*\*?\s?", "", line) for line in comment.split("\n"))
            current: Typedef | None = None
            for tag in re.finditer(r"@(typedef|property)\s*(?=\{)", text):
                expression, after = _braced(text, tag.end())
                name = re.match(r"\s*(\[?[\w$]+\]?)", text[after:])
                assert name, f"{file}: @{tag.group(1)} {{{expression}}} has no name"
                if tag.group(1) == "typedef":
                    if expression.strip().startswith("import("):
                        current = None
                        continue
                    assert name.group(1) not in found, f"{name.group(1)} is a typedef of {found[name.group(1)].file} and {file}"
                    current = found[name.group(1)] = Typedef(file, name.group(1), expression.strip(), {})
                else:
                    assert current is not None, f"{file}: @property {name.group(1)} outside a typedef"
                    key = name.group(1)
                    current.properties[key.strip("[]")] = (key.startswith("["), " ".join(expression.split()))
    return found


class JsType:
    """A JSDoc type expression as the canonical text :func:`python_type` writes for a Python type."""

    def __init__(self, typedefs: dict[str, Typedef], mapped: set[str]) -> None:
        self.typedefs, self.mapped = typedefs, mapped

    def canonical(self, expression: str) -> str:
        self.tokens = re.findall(r"import\('[^']*'\)\.|'[^']*'|[\w$]+|\[\]|[{}()<>\[\],:|?]", expression)
        self.at = 0
        result = self._union()
        assert self.at == len(self.tokens), f"cannot read {expression!r}"
        return result

    def _peek(self) -> str:
        return self.tokens[self.at] if self.at < len(self.tokens) else ""

    def _take(self, expected: str | None = None) -> str:
        token = self._peek()
        assert expected is None or token == expected, f"expected {expected!r}, found {token!r} in {self.tokens}"
        self.at += 1
        return token

    def _union(self) -> str:
        members = [self._postfix()]
        while self._peek() == "|":
            self._take()
            members.append(self._postfix())
        return union(members)

    def _postfix(self) -> str:
        result = self._primary()
        while self._peek() == "[]":
            self._take()
            result = f"Array<{result}>"
        return result

    def _list(self, close: str) -> list[str]:
        items = [self._union()]
        while self._peek() == ",":
            self._take()
            items.append(self._union())
        self._take(close)
        return items

    def _primary(self) -> str:
        token = self._take()
        if token == "(":
            inner = self._union()
            self._take(")")
            return inner
        if token == "[":  # a tuple: of one type, an array of it
            items = self._list("]")
            return f"Array<{items[0]}>" if len(set(items)) == 1 else f"[{', '.join(items)}]"
        if token == "{":
            raise AssertionError("an object type inside a type: give it its own @typedef (and a TypedDict)")
        if token.startswith("'"):
            return token
        if token.startswith("import("):
            token = self._take()
        if self._peek() == "<":
            self._take()
            args = self._list(">")
            return f"{token}<{', '.join(args)}>" if token != "Array" else f"Array<{args[0]}>"
        if token in PRIMITIVES:
            return PRIMITIVES[token]
        if token in self.mapped or token in ALIASES:
            return token
        if token in self.typedefs:  # a plain alias such as StepPair: its expression
            return JsType(self.typedefs, self.mapped).canonical(self.typedefs[token].type)
        raise AssertionError(f"unknown type {token!r}")


def union(members: list[str]) -> str:
    flat = sorted({part for member in members for part in top_level_members(member)})
    return " | ".join(flat)


def top_level_members(expression: str) -> list[str]:
    """The members of a canonical union, not splitting inside ``Array<…>`` or ``Record<…>``."""
    parts, depth, start = [], 0, 0
    for at, char in enumerate(expression):
        depth += char in "<["
        depth -= char in ">]"
        if depth == 0 and expression.startswith(" | ", at):
            parts.append(expression[start:at])
            start = at + 3
    return parts + [expression[start:]]


def js_properties(typedef: Typedef, reader: JsType) -> dict[str, tuple[bool, str]]:
    """A typedef's properties: its @property tags, or the fields of its object type ``{a: T, b?: U}``."""
    if typedef.type.startswith("{"):
        assert not typedef.properties
        fields = {}
        body = typedef.type[1:-1]
        depth, part, parts = 0, "", []
        for char in body:
            depth += {"{": 1, "[": 1, "(": 1, "<": 1, "}": -1, "]": -1, ")": -1, ">": -1}.get(char, 0)
            if char == "," and depth == 0:
                parts.append(part)
                part = ""
            else:
                part += char
        parts.append(part)
        for field in parts:
            name, expression = field.split(":", 1)
            fields[name.strip().rstrip("?")] = (name.strip().endswith("?"), reader.canonical(expression))
        return fields
    assert typedef.type == "object", f"{typedef.name} is {{{typedef.type}}}, not an object"
    return {name: (optional, reader.canonical(expression)) for name, (optional, expression) in typedef.properties.items()}


# ---------------------------------------------------------------------------------------------
# the Python side


def python_type(hint: Any) -> str:
    """A Python type as canonical text (the JSDoc names of TypedDicts and aliases)."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is Annotated:
        return str(hint.__metadata__[0])
    if origin in (Required, NotRequired):
        return python_type(args[0])
    if origin in (Union, types.UnionType):
        return union([python_type(arg) for arg in args])
    if origin is Literal:
        return union([f"'{arg}'" for arg in args])
    if origin is list:
        return f"Array<{python_type(args[0])}>"
    if origin is dict:
        return f"Record<{python_type(args[0])}, {python_type(args[1])}>"
    if typing.is_typeddict(hint):
        return JS_NAME[hint]
    simple = {str: "string", int: "number", float: "number", bool: "boolean", type(None): "null", Any: "unknown", object: "unknown"}
    assert hint in simple, f"no JSDoc type for {hint!r}"
    return simple[hint]


def python_properties(typed: type) -> dict[str, tuple[bool, str]]:
    hints = get_type_hints(typed, include_extras=True)
    optional = typed.__optional_keys__  # type: ignore[attr-defined]
    assert set(hints) == typed.__required_keys__ | optional  # type: ignore[attr-defined]
    return {key: (key in optional, python_type(hint)) for key, hint in hints.items()}


# ---------------------------------------------------------------------------------------------
# the tests


def typed_dicts() -> list[type]:
    return [value for value in vars(answer_types).values() if typing.is_typeddict(value)]


def test_every_answer_type_has_one_jsdoc_typedef_and_each_typedef_one_answer_type() -> None:
    assert sorted(t.__name__ for t in JS_NAME) == sorted(t.__name__ for t in typed_dicts())
    assert len(set(JS_NAME.values())) == len(JS_NAME), "two TypedDicts name the same typedef"
    missing = set(JS_NAME.values()) - set(read_typedefs())
    assert not missing, f"no @typedef in {', '.join(JS_FILES)} for {sorted(missing)}"


def test_every_request_kind_answers_a_typed_answer() -> None:
    for kind, handler in HANDLERS.items():
        answer = get_type_hints(handler)["return"]
        assert answer in JS_NAME, f"api.{handler.__name__} ({kind}) answers {answer!r}, not a TypedDict of answer_types"


@pytest.mark.parametrize("typed", list(JS_NAME), ids=lambda t: f"{t.__name__}={JS_NAME[t]}")
def test_the_typeddict_and_its_jsdoc_have_the_same_keys_optionality_and_types(typed: type) -> None:
    typedefs = read_typedefs()
    reader = JsType(typedefs, set(JS_NAME.values()))
    typedef = typedefs[JS_NAME[typed]]
    python, page = python_properties(typed), js_properties(typedef, reader)
    assert list(python) == list(page), f"{typed.__name__} and {typedef.file}'s {typedef.name} list other keys"
    for key in python:
        assert python[key] == page[key], (
            f"{typed.__name__}[{key!r}] is {python[key]} (optional, type) but {typedef.file}'s {typedef.name}.{key} is {page[key]}"
        )


def test_each_jsdoc_alias_names_the_values_python_writes() -> None:
    typedefs = read_typedefs()
    reader = JsType(typedefs, set(JS_NAME.values()))
    for alias, values in ALIASES.items():
        assert set(reader.canonical(typedefs[alias].type).split(" | ")) == values, alias


def test_each_client_function_promises_its_kinds_answer_type() -> None:
    client = (JS / "rules-client.js").read_text(encoding="utf-8")
    promised = {}
    for doc, line in re.findall(r"/\*\*((?:(?!\*/).)*)\*/\s*\n(export const \w+ = [^\n]*)", client, re.S):
        kind = re.search(r"\bask(?:Turn)?\('(\w+)'", line)
        returns = re.search(r"@returns \{Promise<(?:import\('[^']*'\)\.)?(\w+)>\}", doc)
        if kind:
            promised[kind.group(1)] = returns.group(1) if returns else None
    expected = {kind: JS_NAME[get_type_hints(handler)["return"]] for kind, handler in HANDLERS.items()}
    assert promised == expected
