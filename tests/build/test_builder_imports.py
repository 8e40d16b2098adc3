"""The builder's modules import each other at their top and in one direction: no cycle, none hidden inside a
function (an import in a function is how a cycle hides until one day the order of imports changes).
Read from the source with ``ast``, so a test that imports the modules in some lucky order cannot hide one."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

BUILDER = Path(__file__).resolve().parents[2] / "builder"
MODULES = {path.stem for path in BUILDER.glob("*.py")}


def builder_imports(tree: ast.Module) -> list[tuple[str, ast.stmt]]:
    """The builder modules ``tree`` imports (``from . import x``, ``from .x import y``, ``import builder.x``,
    ``from builder.x import y``), each with its statement, wherever it stands."""
    found: list[tuple[str, ast.stmt]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            parts = (node.module or "").split(".") if node.module else []
            if node.level == 1:
                names = [parts[0]] if parts else [alias.name for alias in node.names]
            elif node.level == 0 and parts[:1] == ["builder"]:
                names = parts[1:2] or [alias.name for alias in node.names]
            else:
                continue
            found += [(name, node) for name in names if name in MODULES]
        elif isinstance(node, ast.Import):
            found += [(alias.name.split(".")[1], node) for alias in node.names
                      if alias.name.startswith("builder.") and alias.name.split(".")[1] in MODULES]
    return found


def graph() -> dict[str, set[str]]:
    return {path.stem: {name for name, _ in builder_imports(ast.parse(path.read_text(encoding="utf-8")))}
            for path in sorted(BUILDER.glob("*.py"))}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``edges`` as the path around it, or None (a depth-first search).

    >>> cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}})
    ['a', 'b', 'c', 'a']
    >>> cycle({"a": {"b"}, "b": set()}) is None
    True
    """
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return None
        for next_node in sorted(edges.get(node, ())):
            found = visit(next_node, path + [node])
            if found:
                return found
        done.add(node)
        return None

    for start in sorted(edges):
        found = visit(start, [])
        if found:
            return found
    return None


def test_the_builder_modules_import_each_other_without_a_cycle() -> None:
    edges = graph()
    assert {"model", "csp", "headers", "pages", "phases", "manifest"} <= edges.keys()
    assert "model" in edges["pages"] and "model" in edges["phases"]  # the shared model is a leaf both read
    assert cycle(edges) is None, " → ".join(cycle(edges) or [])


def test_no_builder_module_is_imported_inside_a_function() -> None:
    hidden = []
    for path in sorted(BUILDER.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = {id(node) for node in tree.body}
        hidden += [f"builder/{path.name}:{node.lineno}: {name}" for name, node in builder_imports(tree) if id(node) not in top]
    assert hidden == []


@pytest.mark.parametrize("source, expected", [
    ("from .pages import x\n", {"pages"}),
    ("from . import vendor\n", {"vendor"}),
    ("import builder.phases\n", {"phases"}),
    ("from builder.headers import rules\n", {"headers"}),
    ("def f():\n    from .manifest import stamp\n", {"manifest"}),
    ("import json\nfrom jinja2 import Environment\n", set()),
])
def test_the_reading_finds_every_form_of_import(source: str, expected: set[str]) -> None:
    assert {name for name, _ in builder_imports(ast.parse(source))} == expected


def test_a_cycle_through_a_function_level_import_is_found() -> None:
    edges = graph()
    edges["headers"] = edges["headers"] | {"pages"}  # what headers.py did before the CSP had a module of its own
    assert cycle(edges) is not None
