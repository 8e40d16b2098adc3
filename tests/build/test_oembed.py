"""oEmbed: built with the site's address (--site-url), every puzzle has a description at oembed/{lang}/{id}.json
and its page a discovery link to it; without the address (the URLs must be absolute) there is neither."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from builder import phases
from builder.__main__ import main
from builder.lessons import LANGUAGES

from .conftest import FIXTURE, paths_for

SITE = "https://example.org/nardy/"


def rendered(tmp_path: Path, site_url: str | None) -> dict[str, bytes]:
    lessons = tmp_path / "lessons"
    shutil.copytree(FIXTURE, lessons)
    source = phases.load(paths_for(lessons))
    course, _ = phases.validate(source)
    return phases.render(course, source, phases.site_address(site_url)).files


def test_every_puzzle_has_an_oembed_description_and_a_discovery_link(tmp_path: Path) -> None:
    files = rendered(tmp_path, "https://example.org/nardy")
    pages = {name: data for name, data in files.items() if re.fullmatch(r"[a-z]{2}/(?:short/)?puzzles/[^/]+/index\.html", name)}
    assert pages
    for name, data in pages.items():
        lang, puzzle = name.split("/")[0], name.split("/")[-2]
        link = re.search(r'<link rel="alternate" type="application/json\+oembed" href="([^"]+)" title="([^"]+)">',
                         data.decode("utf-8"))
        assert link, name
        assert link.group(1) == f"{SITE}oembed/{lang}/{puzzle}.json"
        described = json.loads(files[f"oembed/{lang}/{puzzle}.json"])
        assert described["version"] == "1.0" and described["type"] == "rich"
        assert described["provider_url"] == SITE
        assert described["title"] == link.group(2)
        assert f'src="{SITE}embed/{lang}/{puzzle}.html"' in described["html"]
        assert f"embed/{lang}/{puzzle}.html" in files, "the frame it names is part of the site"
        assert f'<script src="{SITE}static/js/nardy-embed.js" async></script>' in described["html"]
        assert isinstance(described["width"], int) and isinstance(described["height"], int)
    assert {name.split("/")[1] for name in files if name.startswith("oembed/")} == set(LANGUAGES)


def test_without_the_sites_address_there_is_no_oembed(tmp_path: Path) -> None:
    files = rendered(tmp_path, None)
    assert not [name for name in files if name.startswith("oembed/")]
    assert not [name for name, data in files.items() if name.endswith(".html") and b"json+oembed" in data]


@pytest.mark.parametrize("address", ["example.org", "ftp://example.org/", "https://example.org/a b/", "javascript:alert(1)"])
def test_an_address_that_is_not_a_web_site_fails_the_build_and_keeps_dist(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], address: str,
) -> None:
    out = tmp_path / "dist"
    out.mkdir()
    (out / "kept.txt").write_text("previous build", encoding="utf-8")
    assert main(["build", "--out", str(out), "--quiet", "--site-url", address]) == 1
    assert "--site-url" in capsys.readouterr().err
    assert (out / "kept.txt").read_text(encoding="utf-8") == "previous build"
