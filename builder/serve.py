"""Local HTTP server for `dist/`: the dev server with live rebuild, and a plain one for tests and benches.

`dist/` is replaced by a rename on every rebuild, so the handler resolves the folder on each request
instead of holding a handle to the old one.
"""

from __future__ import annotations

import contextlib
import errno
import http.server
import os
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .headers import headers_for, rules_of

LIVERELOAD_PATH = "/__livereload"
LIVERELOAD_SCRIPT_PATH = "/__livereload.js"
LIVERELOAD_TAG = b'<script src="/__livereload.js"></script>'
# An SSE comment at this interval keeps idle connections open and detects closed tabs.
KEEPALIVE_SECONDS = 15.0

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",  # the brotli decoder's
    ".br": "application/octet-stream",  # the runtime's wasm and stdlib, inflated by the site's own code: no Content-Encoding
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    "": "application/octet-stream",
}

# The browser side of live reload: a reconnect after a server restart also reloads (new boot id).
LIVERELOAD_JS = """\
(() => {
  let seen = null;
  const source = new EventSource('/__livereload');
  source.addEventListener('build', (event) => {
    if (seen !== null && event.data !== seen) location.reload();
    seen = event.data;
  });
})();
"""


class ReloadHub:
    """Build generation shared by the watcher thread and the SSE connections."""

    def __init__(self) -> None:
        self._boot_id = uuid.uuid4().hex[:8]
        self._generation = 0
        self._changed = threading.Condition()
        self._listeners = 0

    def listening(self, delta: int) -> None:
        """A browser connected (+1) or went away (-1) after it received the current token."""
        with self._changed:
            self._listeners += delta
            self._changed.notify_all()

    def wait_for_listeners(self, count: int, timeout: float) -> bool:
        """Block until at least ``count`` browsers are connected (for tests); False on timeout."""
        with self._changed:
            return self._changed.wait_for(lambda: self._listeners >= count, timeout=timeout)

    @property
    def token(self) -> str:
        """Identifies the current build; a browser reloads when it sees a different one."""
        return f"{self._boot_id}-{self._generation}"

    def notify(self) -> None:
        """Tell every connected browser that a new build is in place."""
        with self._changed:
            self._generation += 1
            self._changed.notify_all()

    def wait(self, token: str, timeout: float) -> str:
        """Block until the token differs from `token` or `timeout` passes; return the current token."""
        with self._changed:
            self._changed.wait_for(lambda: self.token != token, timeout=timeout)
            return self.token


class DistHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the folder `dist_dir` (a path re-read per request); subclasses set the class attributes."""

    dist_dir: Path = Path("dist")
    reload_hub: ReloadHub | None = None  # set only in serve mode
    extensions_map = MIME_TYPES
    protocol_version = "HTTP/1.1"  # keep-alive: a page fetches many small files

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, directory=os.fspath(self.dist_dir), **kwargs)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (stdlib signature)
        """Quiet: a page load would print dozens of lines; errors still surface via log_error."""

    def log_error(self, format: str, *args: Any) -> None:  # noqa: A002
        if self.reload_hub is not None:
            super().log_message(format, *args)

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def response_headers(self) -> list[tuple[str, str]]:
        """The recommended headers for this answer (builder/headers.py; the same rules as dist/_headers), for
        the build now in the folder."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        return headers_for(rules_of(self.dist_dir), path, getattr(self, "_status", 200))

    def end_headers(self) -> None:
        # Every build changes files under the same URLs: all but the versioned runtime is revalidated
        # (a 304 keeps reloads cheap); see builder/headers.py.
        for name, value in self.response_headers():
            self.send_header(name, value)
        super().end_headers()

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if self.reload_hub is not None:
            if path == LIVERELOAD_PATH:
                self._stream_reload_events(self.reload_hub)
                return
            if path == LIVERELOAD_SCRIPT_PATH:
                self._send_bytes(200, LIVERELOAD_JS.encode(), MIME_TYPES[".js"])
                return
            html_file = self._html_file_for(path)
            if html_file is not None:
                self._send_bytes(200, inject_livereload(html_file.read_bytes()), MIME_TYPES[".html"])
                return
        super().do_GET()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code == 404 and page.is_file():
            body = page.read_bytes()
            if self.reload_hub is not None:
                body = inject_livereload(body)
            self._send_bytes(404, body, MIME_TYPES[".html"], head_only=self.command == "HEAD")
            return
        super().send_error(code, message, explain)

    def _html_file_for(self, url_path: str) -> Path | None:
        """The HTML file a GET would serve for `url_path`, or None (directories need their redirect)."""
        fs_path = Path(self.translate_path(url_path))
        if fs_path.is_dir():
            if not url_path.endswith("/"):
                return None
            fs_path = fs_path / "index.html"
        return fs_path if fs_path.suffix == ".html" and fs_path.is_file() else None

    def _send_bytes(self, status: int, body: bytes, content_type: str, head_only: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head_only:
            self.wfile.write(body)

    def _stream_reload_events(self, hub: ReloadHub) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        token = hub.token
        try:
            self.wfile.write(f"event: build\ndata: {token}\n\n".encode())
            self.wfile.flush()
            hub.listening(+1)
        except (BrokenPipeError, ConnectionResetError):
            return
        try:
            while True:
                current = hub.wait(token, KEEPALIVE_SECONDS)
                if current != token:
                    token = current
                    self.wfile.write(f"event: build\ndata: {token}\n\n".encode())
                else:
                    self.wfile.write(b": keepalive\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return  # the tab was closed or reloaded
        finally:
            hub.listening(-1)


def inject_livereload(html: bytes) -> bytes:
    """Insert the live-reload script tag before `</body>` (or at the end).

    >>> inject_livereload(b"<body>x</body>")
    b'<body>x<script src="/__livereload.js"></script></body>'
    """
    index = html.lower().rfind(b"</body>")
    if index < 0:
        return html + LIVERELOAD_TAG
    return html[:index] + LIVERELOAD_TAG + html[index:]


def make_handler(dist_dir: Path, reload_hub: ReloadHub | None = None) -> type[DistHandler]:
    """A handler class serving `dist_dir`; with a hub it also serves live reload (dev server only)."""
    return type("BoundDistHandler", (DistHandler,), {"dist_dir": Path(dist_dir).absolute(), "reload_hub": reload_hub})


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True  # a hanging or streaming request never blocks shutdown
    allow_reuse_address = True
    # socketserver's listen backlog of 5 drops the SYNs of a burst of connections (the phone bench's HTTP/2
    # front opens one per request of a page), which come back only after TCP's 1 s retransmission timeout
    request_queue_size = 128

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that aborts a download (reload, terminated worker) is normal, not worth a traceback.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def start_background_server(
    dist_dir: Path, port: int = 0, handler: type[DistHandler] | None = None
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve `dist_dir` on 127.0.0.1 from a daemon thread; return `(server, "http://127.0.0.1:PORT/")`.

    Stop it with `server.shutdown(); server.server_close()`. `port=0` picks a free port. No watching and
    no live reload; `handler` lets a test substitute a subclass of `make_handler(dist_dir)`.
    """
    server = _Server(("127.0.0.1", port), handler or make_handler(dist_dir))
    thread = threading.Thread(target=server.serve_forever, name="dist-server", daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@contextlib.contextmanager
def served(dist_dir: Path, port: int = 0, handler: type[DistHandler] | None = None) -> Iterator[str]:
    """``with served(folder) as base_url:`` a background server for the block, shut down after it."""
    server, base_url = start_background_server(dist_dir, port, handler)
    try:
        yield base_url
    finally:
        server.shutdown()
        server.server_close()


def _ignore_output(dist_dir: Path) -> Callable[[Any, str], bool]:
    """watchfiles filter: the usual editor/VCS noise, plus the build's own output and its temp siblings."""
    import watchfiles

    default = watchfiles.DefaultFilter()
    output_parent = dist_dir.resolve().parent
    prefix = dist_dir.name

    def accept(change: Any, path: str) -> bool:
        resolved = Path(path).resolve()
        if resolved.parent == output_parent and resolved.name.startswith(prefix):
            return False
        if any(p.parent == output_parent and p.name.startswith(prefix) for p in resolved.parents):
            return False
        return default(change, path) and ".cache" not in resolved.parts

    return accept


def _watch_and_rebuild(
    watch: list[Path], dist_dir: Path, rebuild: Callable[[], bool], hub: ReloadHub, stop: threading.Event
) -> None:
    import watchfiles

    paths = [p for p in watch if p.exists()]
    if not paths:
        return
    for changes in watchfiles.watch(*paths, watch_filter=_ignore_output(dist_dir), stop_event=stop):
        names = sorted({Path(p).name for _, p in changes})
        started = time.perf_counter()
        try:
            ok = rebuild()
        except Exception as exc:
            print(f"rebuild crashed: {exc!r}", flush=True)
            ok = False
        took = time.perf_counter() - started
        if ok:
            print(f"rebuilt in {took:.2f}s ({', '.join(names[:5])}); reloading browsers", flush=True)
            hub.notify()
        else:
            print(f"rebuild failed after {took:.2f}s; the last good build is still served", flush=True)


def serve(dist_dir: Path, port: int, rebuild: Callable[[], bool], watch: list[Path]) -> None:
    """Serve `dist_dir` on http://127.0.0.1:port/ until Ctrl-C; rebuild and reload browsers on changes.

    `rebuild()` returns True when a new `dist_dir` is in place (it reports its own errors).
    """
    hub = ReloadHub()
    try:
        server = _Server(("127.0.0.1", port), make_handler(dist_dir, hub))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise SystemExit(f"port {port} is already in use: stop the other server or pass --port N") from None
        raise
    stop = threading.Event()
    watcher = threading.Thread(
        target=_watch_and_rebuild, args=(watch, dist_dir, rebuild, hub, stop), name="watcher", daemon=True
    )
    watcher.start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped", flush=True)
    finally:
        stop.set()
        server.server_close()
