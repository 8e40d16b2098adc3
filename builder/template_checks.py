"""The site's Jinja templates are read and parsed at validation, so that ``check`` finds a broken template
as ``file:line: message`` (and ``build`` never stops at one with a traceback while rendering)."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, TemplateSyntaxError

from .problems import Problem


def check_templates(templates: Path) -> list[Problem]:
    """A problem for every template that cannot be read, is not UTF-8 or does not parse."""
    problems: list[Problem] = []
    environment = Environment(trim_blocks=True, lstrip_blocks=True)
    for path in sorted(templates.rglob("*.html")):
        try:
            data = path.read_bytes()
            environment.parse(data.decode("utf-8"), path.name, str(path))
        except OSError as exc:
            problems.append(Problem(path, 1, f"cannot read the template: {exc.strerror or exc}"))
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            problems.append(Problem(path, line, f"not UTF-8 text (byte {data[exc.start]:#04x}); save the file as UTF-8"))
        except TemplateSyntaxError as exc:
            problems.append(Problem(path, exc.lineno or 1, f"template: {exc.message}"))
    return problems
