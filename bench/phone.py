"""What a visitor meets on a phone and on a desktop: cold and warm visits of a lesson, a puzzle's page and an
embed, in headless Chromium against a fresh build.

Profiles:
  phone    the page's main thread slowed 4x (CDP Emulation.setCPUThrottlingRate) and a fast-4G link made by
           the bench's own server: 170 ms before each answer starts, 9 Mbit/s shared by all answers at once
           (the server paces the bytes, so the workers' fetches are throttled too, which DevTools'
           network emulation does not promise); over HTTP/1.1 (Chromium's six connections per host, the
           rest queued: the bench's own server) and over HTTP/2 (every request in flight at once, as on
           most static hosts: bench/h2_link.mjs, a node TLS front with the same round trip and bandwidth);
  desktop  no slowdown, the local link (HTTP/1.1).
The server compresses as a host would (gzip, level 6, for everything but archives already compressed) and
counts the bytes it puts on the wire.

Figures per visit, in ms since navigation start (medians over --runs):
  board visible   the first board has its checkers drawn and a size (the later of that and the first paint);
  first tap       a learner's first step on the first playable puzzle answered: the bench taps a checker
                  the book says can move, then its first destination, as soon as the puzzle is playable,
                  and takes the moment the status line gives the verdict;
  python ready    the page's Python booted (mark 'nardy:python-ready'; no longer on the first tap's path);
  bytes           compressed bytes on the wire until the first tap was answered (cold: the whole visit);
  long tasks      main-thread tasks over 50 ms until then: count and longest.
Once per profile: click -> verdict on a free board once Python is up (bench/browser.py's clicks, on the
profile's CPU), median and p95; the tutor there (the hint, ``advise``, and the verdict on a move, ``judge``, of
a contact position of each game and a race, asked through the page's rules client: first call and best of 3)
with the compressed bytes the engine (its weights and modules) adds to that free-board visit; and two embeds of different puzzles on a blog's page (another origin: the
same site, where the embeds share one Python, and another site, where the browser gives each its own), both
in the page from the start: when each says 'nardy:ready' (playable), in ms since the blog's navigation, and
the second's lag behind the first. The blog's frames live in its own process there (site isolation off in
that browser only), so the CPU slowdown covers them as it does a page.
Cold is a new browser context (no HTTP cache, no service worker); warm is the same visit again in that
context once the first has settled (HTTP cache and service worker in place).

Usage: python bench/phone.py [--runs N] [--clicks N] [--dist DIR] [--profile phone|desktop|both] [--link h1|h2|both]
                             [--pages lesson,puzzle,embed] [--no-embeds]
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from browser import FREE_BOARD, LATENCY_SCRIPT, percentile  # noqa: E402  (bench/browser.py)
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402

from builder.serve import DistHandler, make_handler, start_background_server  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PAGES = {
    "lesson": "ru/lessons/head/",
    "puzzle": "ru/puzzles/head-first-move/",
    "embed": "embed/ru/head-first-move.html",
}
#: the first puzzle a learner plays with moves (a board of a turn-mode task)
PLAYABLE = ("[data-widget=puzzle][data-ready][data-task=only], [data-widget=puzzle][data-ready][data-task=play], "
            "[data-widget=puzzle][data-ready][data-task=best], [data-widget=puzzle][data-ready][data-task=goal]")
RTT_S = 0.170
BANDWIDTH_BYTES_PER_S = 9_000_000 / 8
CPU_SLOWDOWN = 4
UNCOMPRESSED = (".gz", ".br", ".zip", ".whl", ".png", ".jpg", ".woff2")

#: installed before any page script: the moments the bench reads back (nothing here changes the page). The
#: board's size comes from a ResizeObserver, which reports after the browser's own layout: asking for it each
#: frame (getBoundingClientRect) forced layouts of a page still being parsed, 70 ms of the desktop's first tap.
OBSERVER = """(() => {
  const seen = (window.__bench = { visible: null, longTasks: [] });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  // a checker, or a stack of them (a build-drawn picture shares its stacks: builder/board_svg.py)
  const drawn = (board) => board.querySelector('use[href^="#nb-checker"], use[href^="#nb-stack"]') !== null;
  const sized = new ResizeObserver((entries) => {
    for (const entry of entries) {
      if (seen.visible !== null || entry.contentRect.height === 0) continue;
      sized.disconnect();
      // sized but its checkers still to come (a board the page draws): they are looked for each frame
      const checkers = () => { if (drawn(entry.target)) seen.visible = performance.now(); else requestAnimationFrame(checkers); };
      checkers();
    }
  });
  const look = () => {
    const board = document.querySelector('svg.nb-board');
    if (board) sized.observe(board);
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""

#: waits in the page for the first playable puzzle (no round trip to the bench, whose polling on a throttled
#: page cost a few hundred ms), taps a movable checker and its first destination; resolves with the moment
#: the verdict is shown
TAP = """async (selector) => {
  const widget = document.querySelector(selector) || await new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const found = document.querySelector(selector);
      if (found) { observer.disconnect(); resolve(found); }
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
  });
  const status = widget.querySelector('[data-status]');
  const changed = () => new Promise((resolve) => {
    const observer = new MutationObserver(() => { observer.disconnect(); resolve(performance.now()); });
    observer.observe(status, { childList: true, characterData: true, subtree: true });
  });
  const source = widget.querySelector('.nb-point.is-selectable, .nb-bar.is-selectable');
  if (!source) return null;
  const picked = changed();
  source.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  await picked;
  const target = widget.querySelector('.nb-point.is-destination, .nb-tray.is-destination');
  if (!target) return null;
  const verdict = changed();
  target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  return await verdict;
}"""


class Link:
    """The shared link of the phone profile: answers start after one round trip and share the bandwidth."""

    def __init__(self, throttled: bool) -> None:
        self.throttled = throttled
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.sent = 0

    def send(self, out: Any, data: bytes) -> None:
        chunk = 16 * 1024
        for start in range(0, len(data), chunk):
            piece = data[start:start + chunk]
            if self.throttled:
                with self.lock:
                    begin = max(time.monotonic(), self.free_at)
                    self.free_at = begin + len(piece) / BANDWIDTH_BYTES_PER_S
                    wait = self.free_at - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
            out.write(piece)
            with self.lock:
                self.sent += len(piece)


class H2Link:
    """The same link over HTTP/2: ``bench/h2_link.mjs`` (node) in front of the bench's own server models the
    round trip and the shared bandwidth, and every request of a page is in flight at once."""

    def __init__(self, backend_port: int, cert: Path, key: Path) -> None:
        self.process = subprocess.Popen(
            ["node", str(PROJECT / "bench" / "h2_link.mjs"), str(backend_port), str(cert), str(key),
             str(round(RTT_S * 1000)), str(BANDWIDTH_BYTES_PER_S)], stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        words = self.process.stdout.readline().split()
        if not words or words[0] != "listening":
            raise RuntimeError("bench/h2_link.mjs did not start")
        self.port, self.control = int(words[1]), int(words[2])

    @property
    def sent(self) -> int:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.control}/", timeout=10) as answer:
            return int(answer.read())

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def make_certificate(folder: Path) -> tuple[Path, Path, str]:
    """A throwaway certificate for 127.0.0.1 and the base64 sha256 of its public key, which Chromium is told
    to trust (--ignore-certificate-errors-spki-list), so the page is a secure context with a service worker."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
    public = subprocess.run(["openssl", "x509", "-in", str(cert), "-pubkey", "-noout"], check=True,
                            capture_output=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=public, check=True,
                         capture_output=True).stdout
    return cert, key, base64.b64encode(hashlib.sha256(der).digest()).decode("ascii")


def compressing_handler(dist: Path, link: Link) -> type[DistHandler]:
    base = make_handler(dist)
    cache: dict[Path, bytes] = {}

    class Handler(base):  # type: ignore[misc, valid-type]
        def handle_one_request(self) -> None:
            if link.throttled:
                time.sleep(RTT_S)  # the request's way there and the answer's first bytes back
            super().handle_one_request()

        def send_head(self) -> Any:
            path = Path(self.translate_path(self.path.split("?", 1)[0]))
            if path.is_dir():
                path = path / "index.html"
            if (not path.is_file() or path.suffix in UNCOMPRESSED
                    or "gzip" not in self.headers.get("Accept-Encoding", "")):
                return super().send_head()
            modified = self.date_time_string(int(path.stat().st_mtime))
            if self.headers.get("If-Modified-Since") == modified:  # a revalidation: nothing changed
                self.send_response(304)
                self.end_headers()
                self._body = b""
                return None
            if path not in cache:
                cache[path] = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
            body = cache[path]
            self.send_response(200)
            self.send_header("Last-Modified", modified)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self._body = body
            return None

        def do_GET(self) -> None:
            self._body = None
            file = self.send_head()
            if self._body is not None:
                link.send(self.wfile, self._body)
            elif file is not None:
                try:
                    link.send(self.wfile, file.read())
                finally:
                    file.close()

    return Handler


def visit(page: Page, url: str, link: Link | H2Link) -> dict[str, float | None]:
    before = link.sent
    page.goto(url, wait_until="commit")
    tapped = page.evaluate(TAP, PLAYABLE)
    page.wait_for_function("() => window.__bench.visible !== null", timeout=60_000)
    bytes_to_tap = link.sent - before
    figures = page.evaluate("""() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return { visible: Math.max(window.__bench.visible, paint ? paint.startTime : 0), tasks: window.__bench.longTasks };
    }""")
    tasks = [duration for start, duration in figures["tasks"] if tapped is None or start < tapped]
    page.wait_for_function("() => performance.getEntriesByName('nardy:python-ready').length > 0", timeout=180_000)
    python = page.evaluate("() => performance.getEntriesByName('nardy:python-ready')[0].startTime")
    return {"visible": figures["visible"], "tap": tapped, "python": python, "bytes": bytes_to_tap,
            "all_bytes": link.sent - before, "long_tasks": len(tasks), "longest": max(tasks, default=0.0)}


def settle(page: Page) -> None:
    """Wait until the service worker controls the page, so the warm visit meets what a returning one would."""
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null"
                           " || document.body.classList.contains('embed')", timeout=120_000)


def open_page(browser: Browser, phone: bool) -> tuple[BrowserContext, Page]:
    """A fresh context (nothing cached) and its page, on the profile's screen and CPU."""
    # bypass_csp only lets the bench read marks and tap from a script; the pages are unchanged
    context = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740} if phone else None,
                                  is_mobile=phone, has_touch=phone, device_scale_factor=2 if phone else 1)
    context.add_init_script(OBSERVER)
    page = context.new_page()
    if phone:
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return context, page


#: the tutor's questions: a contact position of each game, and a long race
TUTOR_QUERIES = [
    ({"position": "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5", "dice": [3, 1]}, "short nardy start, 3-1", "24/21 24/23"),
    ({"position": "w/24:13,19,13/24:13,19,13", "dice": [4, 2]}, "long nardy middle, 4-2", "19/15 15/13"),
    ({"position": "w/6:3,5:3,4:3,3:3,2:3/6:3,5:3,4:3,3:3,2:3", "dice": [4, 2]}, "long nardy race, 15 a side, 4-2", "6/2 6/4"),
]
TUTOR_SCRIPT = """async ([queries]) => {
  const script = [...document.querySelectorAll('script[type=module][src]')].find((s) => s.src.endsWith('/js/app.js'));
  const client = await import(new URL('rules-client.js', script.src).href);
  const rows = [];
  for (const [query, play] of queries) {
    const row = {};
    for (const [key, call] of [['advise', () => client.advise({ ...query, limit: 3 })], ['judge', () => client.judge({ ...query, play })]]) {
      const spent = [];
      for (let i = 0; i < 3; i += 1) { const started = performance.now(); await call(); spent.push(performance.now() - started); }
      row[key] = { first: spent[0], best: Math.min(...spent) };
    }
    rows.push(row);
  }
  return rows;
}"""


def quiet_link(link: Link | H2Link, still_s: float = 3.0, limit_s: float = 120.0) -> int:
    """The bytes sent once nothing more has been sent for ``still_s`` seconds (at most ``limit_s`` waited)."""
    sent, since, started = link.sent, time.monotonic(), time.monotonic()
    while time.monotonic() - since < still_s and time.monotonic() - started < limit_s:
        time.sleep(0.25)
        now = link.sent
        if now != sent:
            sent, since = now, time.monotonic()
    return sent


def tutor_latency(browser: Browser, base: str, link: Link | H2Link, phone: bool, title: str) -> None:
    """The hint and the verdict on the free board once Python is up, and the bytes the engine adds to the visit
    (the requests run in the site's worker, which CDP's CPU slowdown of the page does not reach: the phone's
    figures are its link's, the desktop's CPU)."""
    context, page = open_page(browser, phone)
    page.goto(base + FREE_BOARD)
    page.wait_for_function("() => performance.getEntriesByName('nardy:python-ready').length > 0", timeout=180_000)
    page.locator("[data-widget=free][data-ready]").wait_for(state="attached", timeout=60_000)
    before = quiet_link(link)  # the visit's own files in (and the service worker's): what follows is the engine's
    rows = page.evaluate(TUTOR_SCRIPT, [[[query, play] for query, _, play in TUTOR_QUERIES]])
    added = link.sent - before
    context.close()
    for (_, what, _), row in zip(TUTOR_QUERIES, rows, strict=True):
        for key, label in (("advise", "the hint (advise)"), ("judge", "the verdict (judge)")):
            print(f"tutor, {title}: {what}: {label} {row[key]['best']:.0f} ms (first call {row[key]['first']:.0f} ms, best of 3)")
    print(f"tutor, {title}: bytes the engine adds to a free-board visit: {added / 1024:.0f} KiB compressed")


def click_latency(browser: Browser, base: str, phone: bool, clicks: int) -> list[float]:
    """Click -> verdict on a free board once Python is up, in ms."""
    context, page = open_page(browser, phone)
    page.goto(base + FREE_BOARD)
    page.wait_for_function("() => performance.getEntriesByName('nardy:python-ready').length > 0", timeout=180_000)
    page.locator("[data-widget=free][data-ready]").wait_for(state="attached", timeout=60_000)
    latencies: list[float] = page.evaluate(LATENCY_SCRIPT, [clicks])
    context.close()
    return latencies


#: a blog's post with two puzzles; it notes when each frame says it is playable
BLOG = """<!doctype html><meta charset=utf-8><title>blog</title><link rel=icon href="data:,"><p>Two puzzles</p>
<iframe id=first src="{site}embed/ru/head-first-move.html" width=360 height=600></iframe>
<iframe id=second src="{site}embed/en/bearing-off-black.html" width=360 height=600></iframe>
<script>window.readyAt = {{}}; addEventListener('message', (e) => {{
  if (!e.data || e.data.type !== 'nardy:ready') return;
  for (const id of ['first', 'second']) if (document.getElementById(id).contentWindow === e.source && !(id in readyAt)) readyAt[id] = performance.now();
}});</script>"""


def two_embeds(browser: Browser, site: str, blog: str, phone: bool, runs: int) -> list[tuple[float, float]]:
    """(the first frame playable, the second playable) in ms since the blog's navigation, one per fresh visit."""
    found = []
    for _ in range(runs):
        context, page = open_page(browser, phone)
        page.goto(blog, wait_until="commit")
        page.wait_for_function("() => window.readyAt && Object.keys(window.readyAt).length === 2", timeout=120_000)
        at = page.evaluate("() => window.readyAt")
        found.append((min(at.values()), max(at.values())))
        context.close()
    return found


def blog_handler(folder: Path, site: str) -> type[DistHandler]:
    """Writes the blog's page into ``folder``; a handler serving it plainly (none of the site's headers: its CSP
    would forbid the frames)."""
    (folder / "index.html").write_text(BLOG.format(site=site), encoding="utf-8")

    class Plain(make_handler(folder)):  # type: ignore[misc, valid-type]
        def response_headers(self) -> list[tuple[str, str]]:
            return []

    return Plain


@contextmanager
def serving(folder: Path, handler: type[DistHandler], cert: Path, key: Path, h2: bool) -> Iterator[tuple[str, int, H2Link | None]]:
    """``folder`` served by ``handler`` on 127.0.0.1, over HTTP/1.1 or through an HTTP/2 front of its own:
    (scheme, port, the front)."""
    server, _ = start_background_server(folder, handler=handler)
    front = None
    try:
        if h2:
            front = H2Link(server.server_address[1], cert, key)
        yield ("https", front.port, front) if front else ("http", server.server_address[1], None)
    finally:
        if front:
            front.close()
        server.shutdown()
        server.server_close()


def report_embeds(browser: Browser, site: str, folder: Path, phone: bool, runs: int,
                  cert: Path, key: Path, h2: bool) -> None:
    """The two embeds' figures; over HTTP/2 the blog is served through a front of its own (https, as the site
    is: an http blog would be another site to https frames)."""
    with serving(folder, blog_handler(folder, site), cert, key, h2) as (scheme, port, _):
        for where, host in (("same site", "127.0.0.1"), ("another site", "localhost")):
            rows = two_embeds(browser, site, f"{scheme}://{host}:{port}/index.html", phone, runs)
            first, second = median([a for a, _ in rows]) or 0, median([b for _, b in rows]) or 0
            lag = median([b - a for a, b in rows]) or 0
            print(f"two embeds on a blog ({where}): first playable {first:.0f} ms, second {second:.0f} ms, "
                  f"the second {lag:.0f} ms after the first (medians of {runs}; lags: "
                  f"{', '.join(f'{b - a:.0f}' for a, b in rows)})")


def link_title(profile: str, kind: str) -> str:
    """How a report names a profile and its link."""
    return f"{profile}, {'HTTP/2' if kind == 'h2' else 'HTTP/1.1'} link" if profile == "phone" else profile


def run_profile(browser: Browser, base: str, link: Link | H2Link, phone: bool, runs: int,
                pages: list[str]) -> dict[tuple[str, str], list[dict[str, Any]]]:
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for _ in range(runs):
        for kind in pages:
            path = PAGES[kind]
            context, page = open_page(browser, phone)
            results.setdefault((kind, "cold"), []).append(visit(page, base + path, link))
            settle(page)
            page.reload(wait_until="commit")  # start the warm visit from a page that is not mid-boot
            page.wait_for_function("() => performance.getEntriesByName('nardy:python-ready').length > 0", timeout=180_000)
            results.setdefault((kind, "warm"), []).append(visit(page, base + path, link))
            context.close()
    return results


def median(values: list[Any]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def report(profile: str, results: dict[tuple[str, str], list[dict[str, Any]]]) -> None:
    print(f"\n{profile}: median of {len(next(iter(results.values())))} visits (ms since navigation start)")
    print(f"{'page':8} {'visit':5} {'board visible':>14} {'first tap':>10} {'python ready':>13} {'KB to tap':>10} "
          f"{'KB visit':>9} {'long tasks':>11} {'longest':>8}")
    for (kind, warmth), rows in results.items():
        def m(key: str, rows: list[dict[str, Any]] = rows) -> float | None:
            return median([row[key] for row in rows])
        tap = m("tap")
        print(f"{kind:8} {warmth:5} {m('visible') or 0:14.0f} {tap if tap is not None else float('nan'):10.0f} "
              f"{m('python') or 0:13.0f} {(m('bytes') or 0) / 1024:10.0f} {(m('all_bytes') or 0) / 1024:9.0f} "
              f"{m('long_tasks') or 0:11.0f} {m('longest') or 0:8.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=60, help="clicks per profile for click -> verdict")
    parser.add_argument("--dist", type=Path, help="an existing build to measure (default: build a fresh one)")
    parser.add_argument("--profile", choices=["phone", "desktop", "both"], default="both")
    parser.add_argument("--link", choices=["h1", "h2", "both"], default="both",
                        help="the phone's link: HTTP/1.1 (six connections), HTTP/2 (one, multiplexed), or both")
    parser.add_argument("--pages", default=",".join(PAGES), help=f"which visits, of {', '.join(PAGES)} (comma-separated)")
    parser.add_argument("--no-embeds", action="store_true", help="leave out the two embeds on a blog")
    parser.add_argument("--no-tutor", dest="tutor", action="store_false", help="leave out the tutor's latency and bytes")
    args = parser.parse_args()
    pages = [page for page in args.pages.split(",") if page]
    if unknown := [page for page in pages if page not in PAGES]:
        parser.error(f"--pages: unknown {', '.join(unknown)}")
    with tempfile.TemporaryDirectory() as tmp:
        dist = args.dist
        if dist is None:
            dist = Path(tmp) / "dist"
            subprocess.run([sys.executable, "-m", "builder", "build", "--quiet", "--out", str(dist)], check=True, cwd=PROJECT)
        cert, key, spki = make_certificate(Path(tmp))
        runs: list[tuple[str, str]] = []
        for profile in (["phone", "desktop"] if args.profile == "both" else [args.profile]):
            links = ["h1", "h2"] if args.link == "both" else [args.link]
            runs += [(profile, link) for link in (links if profile == "phone" else ["h1"])]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                                 args=[*CHROMIUM_ARGS, f"--ignore-certificate-errors-spki-list={spki}"])
            for profile, kind in runs:
                link = Link(throttled=profile == "phone" and kind == "h1")
                with serving(dist, compressing_handler(dist, link), cert, key, kind == "h2") as (scheme, port, front):
                    base = f"{scheme}://127.0.0.1:{port}/"
                    if pages:
                        report(link_title(profile, kind), run_profile(browser, base, front or link, profile == "phone", args.runs, pages))
                    if args.clicks:
                        latencies = click_latency(browser, base, profile == "phone", args.clicks)
                        print(f"click -> verdict once Python is up: median {statistics.median(latencies):.1f} ms, "
                              f"p95 {percentile(latencies, 0.95):.1f} ms, max {max(latencies):.1f} ms over {len(latencies)} clicks")
                    if args.tutor:
                        tutor_latency(browser, base, front or link, profile == "phone", link_title(profile, kind))
            browser.close()
            if args.no_embeds:
                return
            # the blog's frames in its own process, so that the CPU slowdown covers them
            browser = playwright.chromium.launch(
                executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                args=[*CHROMIUM_ARGS, f"--ignore-certificate-errors-spki-list={spki}", "--disable-site-isolation-trials"])
            for profile, kind in runs:
                link = Link(throttled=profile == "phone" and kind == "h1")
                with serving(dist, compressing_handler(dist, link), cert, key, kind == "h2") as (scheme, port, _):
                    print(f"\n{link_title(profile, kind)}:")
                    blog = Path(tmp) / f"blog-{profile}-{kind}"
                    blog.mkdir()
                    report_embeds(browser, f"{scheme}://127.0.0.1:{port}/", blog, profile == "phone", args.runs, cert, key, kind == "h2")
            browser.close()

if __name__ == "__main__":
    main()
