"""The bilingual 404 page where a host serves it for any missing path: at the host's root, and with the site in
a subfolder (a project page: user.github.io/nardy/), where no address written into the page is right."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from builder.serve import make_handler, served

FOLDER = "nardy"


@pytest.fixture(scope="module")
def subfolder_url(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    host = tmp_path_factory.mktemp("host")
    (host / FOLDER).symlink_to(built_site, target_is_directory=True)

    class ProjectPages(make_handler(host)):  # type: ignore[misc, valid-type]
        """A host that answers a missing path under the project's folder with the project's 404.html."""

        def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
            if code == 404 and self.path.startswith(f"/{FOLDER}/"):
                self._send_bytes(404, (built_site / "404.html").read_bytes(), "text/html; charset=utf-8")
                return
            super().send_error(code, message, explain)

    with served(host, handler=ProjectPages) as base_url:
        yield f"{base_url}{FOLDER}/"


def _check_not_found(page: Page, url: str, root: str) -> None:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    answer = page.goto(url)
    assert answer is not None and answer.status == 404
    expect(page.locator("h1")).to_have_text("404")
    expect(page.locator("p[lang=ru]")).to_contain_text("Такой страницы нет.")
    expect(page.locator("p[lang=en]")).to_contain_text("There is no such page.")
    expect(page.locator("html")).to_have_attribute("data-root", root)
    expect(page.locator("p[lang=ru] a")).to_have_attribute("href", f"{root}ru/")
    # the site's style is there: the choice is centred as on the language page
    expect(page.locator("main")).to_have_css("text-align", "center")
    # nothing was refused or missing but the page itself (no CSP refusal, no style or icon from a wrong folder)
    assert errors == ["Failed to load resource: the server responded with a status of 404 (Not Found)"], errors
    page.locator("p[lang=en] a").click()
    expect(page.locator("h1")).to_have_text("Long nardy")


@pytest.mark.allow_console_errors  # the browser logs the page's own 404; the test checks there is nothing else
@pytest.mark.parametrize("missing", ["ru/lessons/nothing-here/", "en/puzzles/x/y/z", "nothing"])
def test_the_404_page_finds_the_site_in_a_subfolder(no_python: Page, subfolder_url: str, missing: str) -> None:
    _check_not_found(no_python, subfolder_url + missing, f"/{FOLDER}/")


@pytest.mark.allow_console_errors
def test_the_404_page_at_the_hosts_root(no_python: Page, site_url: str) -> None:
    _check_not_found(no_python, site_url + "ru/lessons/nothing-here/", "/")
