"""The service worker (site/static/sw.js) on the real build: the whole site offline once it has been loaded,
caches named after the build's version, one cache entry per path whatever the query, runtime files
stored only once they match the build's manifest, and the files named by their content answered from the
cache without a round trip."""

from __future__ import annotations

import http.server
import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from builder.pages import PREFIX
from builder.serve import make_handler, served
from builder.vendor import SHIPPED_WASM
from nardy_core import Game

from .pages import wait_runtime

# the service worker and its caches: each test in a context of its own (the shared one blocks service workers)
pytestmark = pytest.mark.fresh_python

# Note: wait_for_function gets arrow functions, never bare expressions (the CSP forbids eval).
CACHED = """async (url) => {
  const registration = await navigator.serviceWorker.ready;
  return Boolean(registration.active && navigator.serviceWorker.controller && await caches.match(url));
}"""
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
CACHE_CONTENTS = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    out[name] = [];
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      out[name].push({url: request.url, type: response.headers.get('content-type'), size: (await response.arrayBuffer()).byteLength});
    }
  }
  return out;
}"""
ALL_CACHED = """async (urls) => {
  for (const url of urls) if (!(await caches.match(url))) return false;
  return true;
}"""
#: what the page itself fetched from the assets folder (its modules, styles, icon, catalog)
PAGE_ASSETS = "() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => url.includes('/assets/'))"
WASM_URL = (f"() => new URL(document.documentElement.dataset.pyodide + '{SHIPPED_WASM}', "
            "new URL(document.documentElement.dataset.root, location.href)).href")


def manifest(site: Path) -> dict[str, Any]:
    return dict(json.loads((site / "build-manifest.json").read_text(encoding="utf-8")))


def controlled(page: Page, url: str) -> None:
    """Open `url` and wait until the service worker controls the page (it claims pages on activation)."""
    page.goto(url)
    page.wait_for_function(CONTROLLED, timeout=30_000)


def cache_contents(page: Page) -> dict[str, list[dict[str, Any]]]:
    return dict(page.evaluate(CACHE_CONTENTS))


def test_works_offline_once_loaded(page: Page, site_url: str) -> None:
    page.goto(site_url + "en/lessons/head/")
    wait_runtime(page)
    page.reload()  # the second load is controlled by the service worker, which keeps a copy of what it serves
    wait_runtime(page)
    wasm = page.evaluate(WASM_URL)
    page.wait_for_function(CACHED, arg=wasm, timeout=60_000)
    page.wait_for_function(CACHED, arg=page.url, timeout=60_000)
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.locator("h1")).to_be_visible()
        wait_runtime(page)
    finally:
        page.context.set_offline(False)


def test_caches_are_named_after_the_build_and_hold_only_verified_runtime_files(
    page: Page, site_url: str, built_site: Path
) -> None:
    build = manifest(built_site)
    controlled(page, site_url + "en/lessons/head/")
    page.reload()
    wait_runtime(page)
    wasm = page.evaluate(WASM_URL)
    page.wait_for_function(CACHED, arg=wasm, timeout=60_000)
    contents = cache_contents(page)
    assert sorted(contents) == [f"nardy-pages-{build['version']}", f"nardy-runtime-{build['version']}"]
    runtime = contents[f"nardy-runtime-{build['version']}"]
    assert runtime, contents
    for entry in runtime:
        path = entry["url"][len(site_url):]
        assert path in build["runtime"], path
        assert entry["size"] == build["runtime"][path]["size"], entry
    wasm_entry = next(e for e in runtime if e["url"] == wasm)
    assert wasm_entry["type"] == "application/octet-stream"  # brotli the page inflates itself (builder/serve.py)


def test_one_cache_entry_per_path_whatever_the_query(page: Page, site_url: str, built_site: Path) -> None:
    controlled(page, site_url + "en/")
    queries = ["?game=short", "?pos=w/24:15/24:15&dice=6-5", "?game=long&x=1", ""]
    for query in queries:
        page.goto(site_url + "en/play/" + query)
        expect(page.locator("h1")).to_be_visible()
    page.wait_for_function(CACHED, arg=site_url + "en/play/", timeout=30_000)
    urls = [entry["url"] for entries in cache_contents(page).values() for entry in entries]
    assert urls.count(site_url + "en/play/") == 1, urls
    assert not [url for url in urls if "?" in url], urls


def test_an_address_with_a_query_opens_offline_from_its_path(page: Page, site_url: str) -> None:
    controlled(page, site_url + "en/play/?game=short")
    page.reload()
    wait_runtime(page)
    page.wait_for_function(CACHED, arg=site_url + "en/play/", timeout=30_000)
    page.context.set_offline(True)
    try:
        page.goto(site_url + "en/play/?pos=w/24:15/24:15&dice=6-5")
        expect(page.locator("h1")).to_be_visible()
        wait_runtime(page)
    finally:
        page.context.set_offline(False)


def test_a_returning_visitor_gets_the_pages_files_from_the_cache_without_asking(page: Page, built_site: Path) -> None:
    """Files named by their content (the assets folder) never change, so the service worker answers them
    from its cache first: on a phone's link two dozen modules would otherwise cost round trips, each a 304."""
    asked: list[str] = []

    class CountingHandler(make_handler(built_site)):  # type: ignore[misc, valid-type]
        def do_GET(self) -> None:
            asked.append(self.path.split("?", 1)[0])
            super().do_GET()

    with served(built_site, handler=CountingHandler) as base_url:
        controlled(page, base_url + "en/lessons/head/")
        page.reload()  # through the service worker, which keeps a copy of each file
        wait_runtime(page)
        assets = page.evaluate(PAGE_ASSETS)
        assert len(assets) > 20, assets
        page.wait_for_function(ALL_CACHED, arg=assets, timeout=30_000)
        # the browser's own HTTP cache would answer too (the host says immutable): empty it, so that only the
        # service worker can
        page.context.new_cdp_session(page).send("Network.clearBrowserCache")
        asked.clear()
        page.reload()
        expect(page.locator("[data-widget=puzzle][data-ready]").first).to_be_attached()
        assert "/en/lessons/head/" in asked  # the page itself is asked for: a redeploy is seen at once
        assert not {url[len(base_url) - 1:] for url in assets} & set(asked), asked


# offline, what the lesson fetches ahead (its answers, the next lesson) fails as it would for a reader on a train
@pytest.mark.allow_console_errors
def test_the_first_page_of_a_visit_opens_offline(page: Page, site_url: str) -> None:
    """/ru/ → a lesson → offline → «Курс»: the page that registered the service worker, opened before it
    controlled anything, is stored as well."""
    first = site_url + "ru/"
    page.goto(first)
    page.wait_for_function(CACHED, arg=first, timeout=30_000)
    page.goto(site_url + "ru/lessons/board/")
    wait_runtime(page)
    page.context.set_offline(True)
    try:
        page.get_by_role("navigation").get_by_role("link", name="Курс").click()
        page.wait_for_url(first)
        expect(page.locator("h1")).to_be_visible()
    finally:
        page.context.set_offline(False)


def test_a_plain_hosts_type_for_the_runtimes_brotli_does_not_keep_it_from_offline(page: Page, built_site: Path) -> None:
    """Python's own http.server (the host the docs suggest for a USB stick) names python_stdlib.zip.br
    application/zip: the runtime is stored all the same (its size and sha256 decide, as the manifest gives
    them), and the free board plays offline."""

    class PlainHandler(make_handler(built_site)):  # type: ignore[misc, valid-type]
        extensions_map = http.server.SimpleHTTPRequestHandler.extensions_map  # the standard library's, not ours

    stdlib = next(path for path in manifest(built_site)["runtime"] if path.endswith("python_stdlib.zip.br"))
    with served(built_site, handler=PlainHandler) as base_url:
        assert page.request.get(base_url + stdlib).headers["content-type"] == "application/zip"
        controlled(page, base_url + "ru/play/")
        page.reload()
        wait_runtime(page)
        page.wait_for_function(CACHED, arg=base_url + stdlib, timeout=60_000)
        page.context.set_offline(True)
        try:
            page.reload()
            wait_runtime(page)
            expect(page.locator("[data-widget=free][data-ready=true]")).to_be_attached()
        finally:
            page.context.set_offline(False)


@pytest.mark.allow_console_errors
def test_a_page_never_stored_opens_the_offline_page_in_its_language(page: Page, site_url: str) -> None:
    """Offline, a page this device never stored is not the browser's "site can't be reached": the offline
    page of its language names it, offers to try again and lists what does open (with links that work)."""
    controlled(page, site_url + "ru/")
    page.wait_for_function(CACHED, arg=site_url + "ru/", timeout=30_000)
    page.context.set_offline(True)
    try:
        page.goto(site_url + "ru/lessons/head/")
        expect(page.locator("h1")).to_have_text("Нет связи с интернетом")
        assert "/ru/offline/?from=" in page.url
        expect(page.locator("[data-offline-missing]")).to_have_text(
            "Страница «Голова · Длинные нарды» не сохранена на устройстве, а сеть недоступна.")
        expect(page.get_by_role("button", name="Попробовать снова")).to_be_visible()
        expect(page.locator("[data-offline-summary]")).to_contain_text("Движок правил")
        stored = page.locator("[data-offline-groups] a")
        expect(stored.filter(has_text="Курс · Длинные нарды")).to_have_count(1)
        stored.filter(has_text="Курс · Длинные нарды").click()
        page.wait_for_url(site_url + "ru/")
        expect(page.locator("h1")).to_be_visible()
        page.goto(site_url + "en/puzzles/")  # another language's page, never opened: its own offline page
        expect(page.locator("h1")).to_have_text("You are offline")
    finally:
        page.context.set_offline(False)
    # online again, «Попробовать снова» opens the page asked for
    page.goto(site_url + "ru/offline/?from=ru/lessons/head/")
    page.get_by_role("button", name="Попробовать снова").click()
    page.wait_for_url(site_url + "ru/lessons/head/")


@pytest.mark.allow_console_errors
@pytest.mark.long_running
def test_the_whole_course_can_be_made_available_offline(page: Page, site_url: str, built_site: Path) -> None:
    """«Скачать весь курс для офлайна» on the settings page stores every page of the course in the learner's
    language and the rules engine, with a progress bar; then a lesson and a puzzle never opened play offline."""
    lessons = sum(len(list(built_site.glob(f"ru/{PREFIX[game]}lessons/*/index.html"))) for game in Game)
    controlled(page, site_url + "ru/settings/")
    state = page.locator("[data-offline-state]")
    expect(state).to_contain_text("Весь курс на русском —")
    page.get_by_role("button", name="Скачать весь курс для офлайна").click()
    expect(page.locator("[data-offline-progress]")).to_be_visible()
    expect(state).to_contain_text("Сохраняется:")
    expect(state).to_contain_text("Весь курс сохранён на этом устройстве", timeout=240_000)
    expect(page.locator("[data-offline-progress]")).to_be_hidden()
    expect(page.get_by_role("button", name="Проверить и докачать")).to_be_enabled()
    page.get_by_role("link", name="Что уже сохранено на этом устройстве").click()  # online: a list, not an alarm
    expect(page.locator("h1")).to_have_text("Что сохранено на этом устройстве")
    expect(page.locator("[data-offline-summary]")).to_contain_text("Движок правил сохранён")
    expect(page.locator("[data-offline-groups] summary", has_text="Уроки")).to_contain_text(f"({lessons})")  # every course
    page.context.set_offline(True)
    try:
        page.goto(site_url + "ru/short/puzzles/")
        first = page.locator(".puzzle-list a").first
        first.click()
        expect(page.locator("[data-widget=puzzle]").first).to_be_visible()
        wait_runtime(page)
        page.goto(site_url + "ru/lessons/final-test/")
        expect(page.locator("h1")).to_have_text("Итоговый тест")
        page.goto(site_url + "ru/offline/")
        expect(page.locator("[data-offline-summary]")).to_contain_text("Движок правил сохранён")
    finally:
        page.context.set_offline(False)
