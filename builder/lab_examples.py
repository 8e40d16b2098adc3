"""(provisional loader, replaced by the examples branch)"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Example:
    slug: str
    titles: dict[str, str]
    descriptions: dict[str, str]
    codes: dict[str, str]
    expect: dict[str, str]


def load_examples(folder: Path) -> list[Example]:
    data = tomllib.loads((folder / "examples.toml").read_text(encoding="utf-8"))
    out = []
    for entry in data["example"]:
        slug = entry["slug"]
        out.append(Example(slug, entry["title"], entry["description"],
                           {lang: (folder / lang / f"{slug}.py").read_text(encoding="utf-8") for lang in ("ru", "en")},
                           entry["expect"]))
    return out
