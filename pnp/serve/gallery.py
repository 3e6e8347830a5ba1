"""The HTTP side of `pnp serve`: the kit's folder, and what the open pages are told.

Only files inside the kit's folder are served (a path with `..`, or a link that leads out of
the folder, is not found); the gallery page gets a few lines of script, added as it is sent
and never written into the kit, that listen to `/events` (server-sent events): a newer kit
reloads the page, a content problem is shown over the last good kit.
"""

from __future__ import annotations

import html
import json
import mimetypes
import threading
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

#: how often a quiet event stream says it is alive (a closed page is noticed at the next one)
HEARTBEAT_S = 10.0
INDEX = "index.html"


@dataclass
class Status:
    """What the pages are told: the version of the kit on disk (one more for every build) and
    the problems of the last look at the content (none: the kit is current)."""

    version: int = 0
    heading: str = ""
    problems: list[str] = field(default_factory=list)
    kit: Path | None = None  # the folder of the kit being served, once one was built
    closed: bool = False
    _changed: threading.Condition = field(default_factory=threading.Condition, repr=False)

    def publish(self, *, built: bool, heading: str = "", problems: list[str] = (), kit: Path | None = None) -> None:
        with self._changed:
            if built:
                self.version += 1
                self.kit = kit or self.kit
            self.heading, self.problems = heading, list(problems)
            self._changed.notify_all()

    def close(self) -> None:
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def message(self) -> str:
        return json.dumps({"version": self.version, "heading": self.heading, "problems": self.problems},
                          ensure_ascii=False)

    def wait(self, seen: str, timeout: float) -> str | None:
        """The current message once it differs from `seen` (None: closed); `seen` after `timeout`."""
        with self._changed:
            self._changed.wait_for(lambda: self.closed or self.message() != seen, timeout)
            return None if self.closed else self.message()


LISTENER = """
<div id="pnp-serve" hidden role="alert" style="position:fixed;left:1rem;right:1rem;bottom:1rem;max-height:45vh;
overflow:auto;z-index:2147483647;background:#fff6f4;color:#3b0d08;border:2px solid #b3261e;border-radius:6px;
padding:0.8rem 1rem;font:13px/1.45 ui-monospace,monospace;white-space:pre-wrap;box-shadow:0 4px 18px #0004"></div>
<script>
(() => {
  const VERSION = %(version)d;
  const box = document.getElementById("pnp-serve");
  const events = new EventSource("/events");
  events.onmessage = (event) => {
    const state = JSON.parse(event.data);
    if (state.version !== VERSION) { location.reload(); return; }
    box.hidden = state.problems.length === 0;
    box.textContent = state.problems.length ? state.heading + "\\n\\n" + state.problems.join("\\n") : "";
    document.body.dataset.serve = state.problems.length ? "problems" : "current";
  };
})();
</script>
"""

WAITING_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>pnp serve</title></head>
<body><h1 style="font:bold 1.4rem sans-serif">pnp serve</h1>
<p style="font:1rem sans-serif">%(what)s</p>
</body></html>
"""


class Gallery(ThreadingHTTPServer):
    daemon_threads = True  # an open event stream never keeps the command alive
    block_on_close = False

    def __init__(self, address: tuple[str, int], status: Status) -> None:
        self.status = status
        super().__init__(address, _Handler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host if ':' not in host else f'[{host}]'}:{port}/"


class _Handler(BaseHTTPRequestHandler):
    server: Gallery
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args) -> None:  # noqa: A002 - the base class's name
        pass  # the terminal shows one line a rebuild, not a line a request

    def do_HEAD(self) -> None:
        self.do_GET(body=False)

    def do_GET(self, body: bool = True) -> None:
        path = unquote(urlsplit(self.path).path)
        if path == "/events":
            return self._events()
        if path in ("/", f"/{INDEX}"):
            return self._index(body)
        file = self._inside_kit(path)
        if file is None:
            return self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8", body)
        kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        if kind.startswith("text/") or kind in ("application/json", "image/svg+xml"):
            kind += "; charset=utf-8"
        self._send(HTTPStatus.OK, file.read_bytes(), kind, body)

    def _inside_kit(self, path: str) -> Path | None:
        """The file `path` names inside the kit's folder; None for anything else (no `..`, no
        absolute path, no NUL, no link that leads out)."""
        kit = self.server.status.kit
        parts = [p for p in path.split("/") if p]
        if kit is None or not parts or any(p in (".", "..") or "\0" in p or "\\" in p for p in parts):
            return None
        try:
            home = kit.resolve(strict=True)
            file = (kit.joinpath(*parts)).resolve(strict=True)
        except (OSError, RuntimeError):
            return None
        return file if file.is_relative_to(home) and file.is_file() else None

    def _index(self, body: bool) -> None:
        status = self.server.status
        page = None
        if status.kit is not None:
            try:
                page = (status.kit / INDEX).read_text(encoding="utf-8")
            except OSError:
                page = None
        if page is None:
            page = WAITING_PAGE % {"what": self._without_gallery()}
        listener = LISTENER % {"version": status.version}
        at = page.rfind("</body>")
        page = page[:at] + listener + page[at:] if at >= 0 else page + listener
        self._send(HTTPStatus.OK, page.encode("utf-8"), "text/html; charset=utf-8", body)

    def _without_gallery(self) -> str:
        """What the page says where the kit has no gallery page: why, and the kit's files."""
        status = self.server.status
        if status.kit is None:
            return html.escape("The content has problems (below)." if status.problems else "The first build is not done yet.")
        try:
            listed = [f["path"] for f in json.loads((status.kit / "manifest.json").read_text(encoding="utf-8"))["files"]]
        except (OSError, ValueError, KeyError, TypeError):
            listed = []
        links = "".join(f'<li><a href="{html.escape(p)}">{html.escape(p)}</a></li>' for p in listed)
        return f"This game builds no gallery page; the kit's files:</p><ul>{links}</ul><p>"

    def _events(self) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        seen = ""
        try:
            while True:
                message = self.server.status.wait(seen, HEARTBEAT_S)
                if message is None:
                    return
                if message == seen:
                    self.wfile.write(b": still here\n\n")
                else:
                    self.wfile.write(f"data: {message}\n\n".encode("utf-8"))
                    seen = message
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError):
            return  # the page was closed

    def _send(self, code: HTTPStatus, data: bytes, kind: str, body: bool) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")  # every reload shows the kit on disk now
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if body:
            self.wfile.write(data)
