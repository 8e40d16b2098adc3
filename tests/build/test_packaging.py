"""What the README says to install is enough to build: ``pip install -e '.[site]'`` provides every package the
builder imports (read from its source with ``ast``, wherever the import stands), pinned as requirements/test.txt
pins it (the file ``make`` installs with --require-hashes). The site extra once lacked Brotli, and a build from
it stopped at ``ModuleNotFoundError: No module named 'brotli'``."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
BUILDER = PROJECT / "builder"
#: builder modules that are developers' tools, not part of a build, and the extra that provides their imports
DEVELOPER_TOOLS = {"stdlib_trace": "test"}  # regenerates stdlib-modules.txt in Chromium (Playwright)
OWN = {"builder", "nardy_core"}  # the repository's own packages: ``pip install -e .`` and the working tree


def canonical(name: str) -> str:
    """A distribution's name as pip compares them (PEP 503).

    >>> canonical("markdown_it.py"), canonical("Jinja2")
    ('markdown-it-py', 'jinja2')
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def third_party_imports(source: str) -> set[str]:
    """The top-level names of the modules ``source`` imports that are neither the standard library's nor ours.

    >>> sorted(third_party_imports("import json\\nfrom jinja2 import Environment\\ndef f():\\n    import brotli\\nfrom . import x"))
    ['brotli', 'jinja2']
    """
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return {name for name in names if name not in sys.stdlib_module_names and name not in OWN and name != "__future__"}


def extras() -> dict[str, dict[str, str]]:
    """pyproject.toml's optional dependencies: extra -> {canonical name: pinned version}."""
    project = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found: dict[str, dict[str, str]] = {}
    for extra, requirements in project["optional-dependencies"].items():
        for requirement in requirements:
            name, _, version = requirement.partition("==")
            assert version, f"{extra}: {requirement} is not pinned"
            found.setdefault(extra, {})[canonical(name)] = version
    return found


def pinned() -> dict[str, str]:
    """requirements/test.txt: canonical name -> version."""
    text = (PROJECT / "requirements" / "test.txt").read_text(encoding="utf-8")
    return {canonical(m.group(1)): m.group(2) for m in re.finditer(r"^([A-Za-z0-9_.-]+)==(\S+)", text, re.M)}


def test_the_site_extra_provides_every_package_the_builder_imports() -> None:
    providers = importlib.metadata.packages_distributions()  # import name -> distributions, as installed
    declared = extras()
    missing = []
    seen = set()
    for path in sorted(BUILDER.glob("*.py")):
        extra = DEVELOPER_TOOLS.get(path.stem, "site")
        for name in sorted(third_party_imports(path.read_text(encoding="utf-8"))):
            seen.add(name)
            distributions = {canonical(d) for d in providers.get(name, [])}
            assert distributions, f"builder/{path.name} imports {name}, which no installed distribution provides"
            if not distributions & declared[extra].keys():
                missing.append(f"builder/{path.name}: {name} (from {sorted(distributions)}) is not in the {extra!r} extra")
    assert not missing, "\n".join(missing)
    assert {"brotli", "jinja2", "markdown_it", "markupsafe", "watchfiles"} <= seen  # the reading finds them


def test_the_extras_are_pinned_as_the_hash_checked_requirements_pin_them() -> None:
    pins = pinned()
    for extra, requirements in extras().items():
        for name, version in requirements.items():
            assert pins.get(name) == version, f"{extra}: {name}=={version}, requirements/test.txt: {pins.get(name)}"


def test_the_readme_says_to_install_the_site_extra_and_node_to_build() -> None:
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    blocks = "\n".join(re.findall(r"```sh\n(.*?)```", readme, re.S))
    assert "pip install -e '.[site]'" in blocks and "build.py build" in blocks
    assert "Node.js" in readme and "npm" in readme  # the board texts under node, the runtime with npm pack
