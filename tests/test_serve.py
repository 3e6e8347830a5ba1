"""`pnp serve`: the gallery served from the kit's folder only, rebuilt on a save, a problem shown
over the last good kit, one server a folder, Ctrl-C clean; and a headless Chromium that sees the
page change by itself."""

from __future__ import annotations

import json
import os
import queue
import select
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from pnp.games import pack
from pnp.serve.gallery import Gallery, Status
from processes import child_pids

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
OLD, NEW = "    name: {uk: Натиск}", "    name: {uk: Навала}"


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, ""


class Served:
    """`pnp serve` of a copy of ТВЕРДЖА's content in a folder of its own."""

    def __init__(self, folder: Path, *extra: str) -> None:
        self.content = folder / "tverdzha.yaml"
        self.content.write_text(pack("tverdzha").content.read_text(encoding="utf-8"), encoding="utf-8")
        self.proc = subprocess.Popen([sys.executable, "-m", "pnp.cli", "serve", "--content", str(self.content),
                                      "--port", "0", "--out", str(folder / "out"), *extra],
                                     cwd=folder, env=ENV, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     start_new_session=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.url = self.wait_for("serving ").split()[1]

    def _read(self) -> None:
        for line in self.proc.stderr:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, start: str, timeout: float = 120) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                assert self.proc.poll() is None, f"pnp serve ended: {self.proc.returncode}"
                continue
            if line.startswith(start):
                return line
        pytest.fail(f"pnp serve said no {start!r} within {timeout} s")

    def edit(self, old: str, new: str) -> None:
        text = self.content.read_text(encoding="utf-8")
        assert old in text
        self.content.write_text(text.replace(old, new), encoding="utf-8")

    def stop(self) -> tuple[int, str]:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGINT)
        self.proc.wait(timeout=60)
        rest = []
        while not self.lines.empty():
            rest.append(self.lines.get())
        return self.proc.returncode, "\n".join(rest)


@pytest.fixture
def served(tmp_path):
    s = Served(tmp_path)
    yield s
    s.stop()


def _events(url: str, into: queue.Queue) -> None:
    with urllib.request.urlopen(url + "events", timeout=120) as stream:
        for raw in stream:
            line = raw.decode("utf-8").rstrip("\n")
            if line.startswith("data: "):
                into.put(json.loads(line[6:]))


def _next_state(states: queue.Queue, timeout: float = 120) -> dict:
    return states.get(timeout=timeout)


def test_a_save_rebuilds_the_kit_and_a_problem_shows_over_the_last_good_one(served):
    status, page = _get(served.url)
    assert status == 200 and "Натиск" in page and 'new EventSource("/events")' in page
    kit = served.content.parent / "out" / "uk" / "index.html"
    assert 'EventSource' not in kit.read_text(encoding="utf-8")  # the listener is added as it is sent, never written
    states: queue.Queue = queue.Queue()
    threading.Thread(target=_events, args=(served.url, states), daemon=True).start()
    assert _next_state(states) == {"version": 1, "heading": "", "problems": []}
    served.edit(OLD, NEW)
    assert _next_state(states)["version"] == 2
    assert served.wait_for("built ").startswith("built 66 files")
    assert "Навала" in _get(served.url)[1] and "Навала" in kit.read_text(encoding="utf-8")
    good = kit.read_bytes()
    served.edit("  - id: onslaught\n", "  - id: onslaught\n    id: twice\n")
    state = _next_state(states)
    assert state["version"] == 2 and "the kit shown is the last good one" in state["heading"]
    line = served.content.read_text(encoding="utf-8").splitlines().index("    id: twice") + 1
    assert any(p.startswith(f"tverdzha.yaml:{line}:") and "[duplicate-key]" in p for p in state["problems"]), state
    assert kit.read_bytes() == good and "Навала" in _get(served.url)[1]
    code, said = served.stop()
    assert code == 130 and said.endswith("pnp: interrupted") and "Traceback" not in said


def test_ctrl_c_ends_the_server_and_its_workers_and_leaves_the_kit_whole(served):
    kit = served.content.parent / "out" / "uk"
    listed = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))["files"]
    served.edit(OLD, NEW)
    time.sleep(1.0)  # a rebuild is under way
    children = child_pids(served.proc.pid)
    code, said = served.stop()
    assert code == 130 and "Traceback" not in said and said.splitlines()[-1] == "pnp: interrupted"
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{p}").exists() for p in children) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [p for p in children if Path(f"/proc/{p}").exists()]
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    assert all((kit / f["path"]).is_file() for f in manifest["files"]) and len(manifest["files"]) == len(listed)


def test_a_second_server_on_one_output_folder_is_refused_in_one_line(served, tmp_path):
    second = subprocess.run([sys.executable, "-m", "pnp.cli", "serve", "--content", str(served.content), "--port", "0",
                             "--out", str(tmp_path / "out")], cwd=tmp_path, env=ENV, capture_output=True, text=True,
                            timeout=120)
    assert second.returncode == 2
    assert second.stderr.startswith("pnp: another pnp serve (process ") and second.stderr.count("\n") == 1


def test_only_files_of_the_kit_are_served(tmp_path):
    kit = tmp_path / "out" / "uk"
    kit.mkdir(parents=True)
    (kit / "cards.pdf").write_bytes(b"%PDF-1.7 cards")
    (kit / "sub").mkdir()
    (kit / "sub" / "a.svg").write_text("<svg/>", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("not the kit's", encoding="utf-8")
    (kit / "link.txt").symlink_to(tmp_path / "secret.txt")
    status = Status()
    status.publish(built=True, kit=kit)
    gallery = Gallery(("127.0.0.1", 0), status)
    threading.Thread(target=gallery.serve_forever, daemon=True).start()
    try:
        url = gallery.url
        assert gallery.server_address[0] == "127.0.0.1"
        assert _get(url + "cards.pdf")[0] == 200 and _get(url + "sub/a.svg")[0] == 200
        for path in ("../secret.txt", "%2e%2e/secret.txt", "sub/..%2f..%2fsecret.txt", "link.txt", "%2fetc%2fpasswd",
                     "sub", "nothing.pdf", "cards.pdf%00.txt"):
            request = urllib.request.Request(url + path)
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    code = answer.status
            except urllib.error.HTTPError as exc:
                code = exc.code
            assert code == 404, path
        # a raw request line, which no client library would normalise first
        import socket
        with socket.create_connection(gallery.server_address[:2], timeout=10) as raw:
            raw.sendall(b"GET /../secret.txt HTTP/1.1\r\nHost: x\r\n\r\n")
            assert raw.recv(64).startswith(b"HTTP/1.1 404")
    finally:
        status.close()
        gallery.shutdown()
        gallery.server_close()


def _chromium():
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service
    driver_path = next((p for p in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver") if Path(p).exists()), None)
    browser = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if Path(p).exists()), None)
    if driver_path is None or browser is None:
        pytest.skip("no chromium and chromedriver on this machine")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(driver_path), options=options)


def _until(check, timeout: float = 120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail("the page did not change")


def test_the_open_page_updates_itself_in_headless_chromium(served):
    browser = _chromium()
    try:
        browser.get(served.url)
        _until(lambda: browser.execute_script("return document.body.dataset.serve") == "current")
        assert "Натиск" in browser.page_source and "Навала" not in browser.page_source
        browser.execute_script("window.pnpSameDocument = true")  # gone if the test reloaded the page
        served.edit(OLD, NEW)
        _until(lambda: "Навала" in browser.page_source and browser.execute_script("return document.body.dataset.serve"))
        assert browser.execute_script("return window.pnpSameDocument") is None  # the page reloaded itself
        browser.execute_script("window.pnpSameDocument = true")
        served.edit("  - id: onslaught\n", "  - id: onslaught\n    id: twice\n")
        line = served.content.read_text(encoding="utf-8").splitlines().index("    id: twice") + 1
        box = _until(lambda: browser.execute_script(
            "const b = document.getElementById('pnp-serve'); return b && !b.hidden && b.textContent"))
        assert f"tverdzha.yaml:{line}:" in box and "[duplicate-key]" in box
        assert "Навала" in browser.page_source  # the last good kit stays in view
        assert browser.execute_script("return window.pnpSameDocument") is True  # shown in place, no reload
    finally:
        browser.quit()


def test_the_watcher_sees_inputs_only_and_a_root_added_later(tmp_path):
    from pnp.serve.watch import Watcher
    game, templates = tmp_path / "game", tmp_path / "templates"
    game.mkdir(), templates.mkdir()
    (game / "game.yaml").write_text("a: 1\n", encoding="utf-8")
    (templates / "card.svg.j2").write_text("<svg/>", encoding="utf-8")
    watcher = Watcher([game])
    (game / "serve.log").write_text("built …\n", encoding="utf-8")  # not an input: no rebuild for ever
    assert watcher.changed() == []
    watcher.add(templates)
    assert watcher.changed() == []  # what was there already is no change
    time.sleep(0.01)
    (templates / "card.svg.j2").write_text("<svg width='1'/>", encoding="utf-8")
    (game / "cards.csv").write_text("id\nx\n", encoding="utf-8")
    assert watcher.changed() == sorted([templates / "card.svg.j2", game / "cards.csv"])
