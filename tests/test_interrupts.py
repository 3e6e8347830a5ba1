"""Ctrl-C, SIGTERM and SIGKILL against real `pnp build` and `pnp sim` processes.

Each test records the worker processes (children in /proc) of the command it starts, sends
the signal mid-work and asserts: the exit code (130 / 143), one line on stderr and no
traceback from any process, every worker gone, no temporary folder left, the previous
output intact. The lock and the atomic swap are tested the same way, with real processes.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from processes import child_pids

from pnp.core import interrupts, swap

ROOT = Path(__file__).resolve().parent.parent  # the checkout: subprocesses import pnp from here

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads worker PIDs from /proc")

TESTS = Path(__file__).parent
ROOT = TESTS.parent  # the checkout: subprocesses import pnp from here
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}


def _start(*args: str, cwd: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pnp.cli", *args], cwd=cwd, env=ENV, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def _wait_for_workers(proc: subprocess.Popen, count: int = 2, timeout: float = 120) -> set[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        workers = child_pids(proc.pid)
        if len(workers) >= count:
            return workers
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.02)
    proc.kill()
    pytest.fail(f"no {count} workers within {timeout} s")


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _assert_gone(workers: set[int], timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [p for p in workers if _alive(p)], "worker processes outlived their parent"


def _interrupt(proc: subprocess.Popen, signum: int) -> None:
    """Ctrl-C reaches the whole foreground process group; SIGTERM (kill PID) only the parent."""
    if signum == signal.SIGINT:
        os.killpg(proc.pid, signum)
    else:
        proc.send_signal(signum)


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


EXPECTED = {signal.SIGINT: (130, "pnp: interrupted\n"), signal.SIGTERM: (143, "pnp: stopped by SIGTERM\n")}


@pytest.fixture(scope="module")
def previous_output(tmp_path_factory) -> Path:
    """A small real build (two forked render groups) that the interrupted builds must leave as it was."""
    out = tmp_path_factory.mktemp("previous")
    proc = subprocess.run([sys.executable, "-m", "pnp.cli", "build", "--only", "alignment", "--only", "aids",
                           "--out", str(out)], env=ENV, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return out


def _build_over(previous_output: Path, tmp_path: Path) -> tuple[Path, dict, subprocess.Popen, set[int]]:
    """A build into a copy of the previous output, caught while its two workers render:
    (the output root, what it held, the build, its workers)."""
    out = tmp_path / "out"
    shutil.copytree(previous_output, out)
    before = _tree(out / "uk")
    proc = _start("build", "--only", "cards", "--only", "board", "--out", str(out), cwd=tmp_path)
    workers = _wait_for_workers(proc)
    time.sleep(0.3)  # the workers are rendering
    return out, before, proc, workers


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_an_interrupted_build_cleans_up_and_keeps_the_previous_output(previous_output, tmp_path, signum):
    out, before, proc, workers = _build_over(previous_output, tmp_path)
    _interrupt(proc, signum)
    stdout, stderr = proc.communicate(timeout=60)
    assert (proc.returncode, stderr) == EXPECTED[signum], stdout + stderr
    _assert_gone(workers)
    assert sorted(p.name for p in out.iterdir()) == [".pnp-build.lock", "uk"]
    assert _tree(out / "uk") == before


def test_a_render_worker_killed_from_outside_ends_the_build_in_one_line(previous_output, tmp_path):
    """The out-of-memory killer's SIGKILL to one worker: the pool once replaced it and waited for its
    lost task for ever. Now: exit 2, one line, every worker gone, the previous output kept."""
    out, before, proc, workers = _build_over(previous_output, tmp_path)
    os.kill(min(workers), signal.SIGKILL)
    try:
        stdout, stderr = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail("the build waits for ever for its killed worker")
    assert proc.returncode == 2, stdout + stderr
    assert stderr == ("pnp: a worker process was stopped by SIGKILL (the system may have run out of memory); "
                      "nothing was written\n")
    _assert_gone(workers)
    assert _tree(out / "uk") == before


def _exit(code: int) -> None:
    os._exit(code)


def _crash(_item) -> None:
    os.kill(os.getpid(), signal.SIGSEGV)


def _out_of_memory(_item) -> None:
    raise MemoryError()


def test_a_worker_that_exits_or_crashes_is_a_bug_reported_at_once():
    with interrupts.forked_workers(2) as workers:
        with pytest.raises(interrupts.WorkerDied, match="exited with code 3"):
            workers.map(_exit, [3, 3])
    with interrupts.forked_workers(2) as workers:
        with pytest.raises(interrupts.WorkerDied, match="ended by SIGSEGV"):
            workers.map(_crash, [0, 0])


def test_a_worker_out_of_memory_answers_with_a_memory_error():
    with interrupts.forked_workers(2) as workers:
        with pytest.raises(MemoryError, match="out of memory in a worker process"):
            workers.map(_out_of_memory, [0, 0])
        assert workers.map(abs, [-1, -2]) == [1, 2]  # the workers live on


#: spawned workers come with multiprocessing's resource tracker, a third child
SIM_CHILDREN = {"fork": 2, "spawn": 3}


@pytest.mark.parametrize("start_method", ["fork", "spawn"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_an_interrupted_simulation_ends_its_workers(tmp_path, signum, start_method):
    result = tmp_path / "result.json"
    proc = _start("sim", "--games", "200000", "--workers", "2", "--agents", "random,random",
                  "--start-method", start_method, "--json", str(result), cwd=tmp_path)
    workers = _wait_for_workers(proc, SIM_CHILDREN[start_method])
    time.sleep(0.5)
    _interrupt(proc, signum)
    stdout, stderr = proc.communicate(timeout=60)
    assert (proc.returncode, stderr) == EXPECTED[signum], stdout + stderr
    _assert_gone(workers)
    assert not result.exists() and stdout == ""


def _ignores_sigint(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text()
    ignored = int(next(line for line in status.splitlines() if line.startswith("SigIgn:")).split()[1], 16)
    return bool(ignored & (1 << (signal.SIGINT - 1)))


#: as each spawned worker starts, is SIGINT blocked in the thread that starts it? (a fresh process:
#: multiprocessing's resource tracker is not running yet)
SPAWN_MASK = """
import signal
from multiprocessing import context
from pnp.core import interrupts
seen = []
start = context.SpawnProcess._Popen
def spy(process):
    seen.append(signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []))
    return start(process)
context.SpawnProcess._Popen = staticmethod(spy)
if __name__ == "__main__":
    with interrupts.worker_pool(2, "spawn") as workers:
        workers.map(abs, [-1, -2, -3, -4])  # the workers start as tasks come
        print(seen)
"""


def test_spawned_workers_start_with_the_signals_blocked(tmp_path):
    script = tmp_path / "spawn_mask.py"
    script.write_text(SPAWN_MASK, encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script)], env=ENV, capture_output=True, text=True, timeout=120)
    assert (proc.returncode, proc.stdout) == (0, "[True, True]\n"), proc.stderr


#: the sweep's workers: a pool's two (forked), or a local Dask cluster's two (spawned, with
#: multiprocessing's resource tracker)
SWEEP_WORKERS = {"pool": (["--workers", "2"], 2), "dask-local": (["--dask-local", "2"], 3)}


@pytest.mark.parametrize("executor", list(SWEEP_WORKERS))
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_an_interrupted_sweep_ends_its_workers(tmp_path, signum, executor):
    if executor == "dask-local":
        pytest.importorskip("distributed")
    options, children = SWEEP_WORKERS[executor]
    result = tmp_path / "result.json"
    proc = _start("sweep", "--game", "oborona-zamka", "--set", "rules.fight.hit=5,6", "--games", "200000",
                  "--agents", "random", *options, "--json", str(result), cwd=tmp_path)
    workers = _wait_for_workers(proc, children)
    while _ignores_sigint(proc.pid):  # a local Dask cluster is starting: Ctrl-C waits for it
        time.sleep(0.05)
    time.sleep(0.5)  # the workers are playing
    _interrupt(proc, signum)
    stdout, stderr = proc.communicate(timeout=60)
    assert (proc.returncode, stderr) == EXPECTED[signum], stdout + stderr
    _assert_gone(workers)
    assert not result.exists() and stdout == ""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
@pytest.mark.parametrize("start_method", ["fork", "spawn"])
def test_workers_end_even_when_the_parent_is_killed(tmp_path, start_method):
    proc = _start("sim", "--games", "200000", "--workers", "2", "--agents", "random,random",
                  "--start-method", start_method, cwd=tmp_path)
    workers = _wait_for_workers(proc, SIM_CHILDREN[start_method])
    time.sleep(0.5)  # the workers are playing
    proc.kill()
    stdout, stderr = proc.communicate(timeout=60)
    _assert_gone(workers)
    if start_method == "fork":
        assert stderr == ""  # the workers died without a word (no BrokenPipeError)
    else:  # only Python's resource tracker, which removes the semaphores the killed parent left
        assert "resource_tracker: There appear to be" in stderr and "Traceback" not in stderr
        assert all("resource_tracker" in line for line in stderr.splitlines()), stderr


KILLED_WORKER = {
    "sim fork": (["sim", "--start-method", "fork", "--agents", "random,random"], 2),
    "sim spawn": (["sim", "--start-method", "spawn", "--agents", "random,random"], 3),
    "sweep": (["sweep", "--game", "oborona-zamka", "--set", "rules.fight.hit=5,6", "--agents", "random"], 2),
}


@pytest.mark.parametrize("command", list(KILLED_WORKER))
def test_a_simulation_worker_killed_from_outside_ends_the_command_in_one_line(tmp_path, command):
    """multiprocessing.Pool replaced a worker the out-of-memory killer took and waited for its lost
    block for ever; the sim and the sweep now stop at once, like the build: exit 2, one line."""
    options, children = KILLED_WORKER[command]
    result = tmp_path / "result.json"
    proc = _start(*options, "--games", "200000", "--workers", "2", "--json", str(result), cwd=tmp_path)
    workers = _wait_for_workers(proc, children)
    players = [p for p in workers if "resource_tracker" not in Path(f"/proc/{p}/cmdline").read_text(errors="replace")]
    time.sleep(0.5)  # the workers are playing
    os.kill(min(players), signal.SIGKILL)
    try:
        stdout, stderr = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail(f"{command} waits for ever for its killed worker")
    assert proc.returncode == 2, stdout + stderr
    assert stderr.endswith("pnp: a worker process was stopped by SIGKILL (the system may have run out of memory); "
                           "nothing was written\n"), stderr
    assert "Traceback" not in stderr
    _assert_gone(workers)
    assert not result.exists()


def test_a_second_build_into_one_output_waits_for_the_first(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    with swap.build_lock(out, waiting=lambda message: pytest.fail(message)):
        proc = _start("build", "--only", "alignment", "--out", str(out), cwd=tmp_path)
        ready, _, _ = select.select([proc.stderr], [], [], 120)
        assert ready, "the second build said nothing"
        line = proc.stderr.readline()
        assert line == f"pnp: waiting for another build into {out} (process {os.getpid()}) to finish …\n"
        time.sleep(0.5)
        assert proc.poll() is None and not (out / "uk").exists()  # it really waits
    stdout, stderr = proc.communicate(timeout=300)
    assert proc.returncode == 0 and stderr == "", stderr
    assert (out / "uk" / "tverdzha-uk-alignment.pdf").is_file()


LOOP = """
import sys
sys.path.insert(0, sys.argv[2])
import fakerender
from pnp.build import build
from pnp.content import load_game
from pnp.components.base import BuildOptions

state = fakerender.install()
state["extra"] = 30
game, _ = load_game()
for i in range(int(sys.argv[3])):
    state["text"] = str(i)
    build(game, BuildOptions(), out_root=sys.argv[1], jobs=1)
    if i == 0:
        print("ready", flush=True)  # imports done: a build now takes some 40 ms
"""


def _consistent(folder: Path) -> None:
    """Every file the manifest lists is there with its hash, and nothing else."""
    data = json.loads((folder / "manifest.json").read_text())
    listed = {f["path"]: f["sha256"] for f in data["files"]}
    on_disk = {p: hashlib.sha256(b).hexdigest() for p, b in _tree(folder).items() if p != "manifest.json"}
    assert on_disk == listed


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the one-step swap is renameat2's")
def test_a_kill_at_any_instant_leaves_a_complete_output(tmp_path):
    out = tmp_path / "out"
    rng = random.Random(10)
    for _round in range(8):
        proc = subprocess.Popen([sys.executable, "-c", LOOP, str(out), str(TESTS), "1000000"], env=ENV, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout.readline() == "ready\n", proc.communicate()
        time.sleep(rng.uniform(0.0, 0.3))
        proc.kill()
        proc.communicate(timeout=60)
        _consistent(out / "uk")
    names = {p.name for p in out.iterdir()}
    assert names <= {".pnp-build.lock", "uk"} | {n for n in names if ".building-" in n}
    # the next build removes the killed builds' temporary folders
    proc = subprocess.Popen([sys.executable, "-c", LOOP, str(out), str(TESTS), "1"], env=ENV,
                            text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 0, stderr
    assert sorted(p.name for p in out.iterdir()) == [".pnp-build.lock", "uk"]
    _consistent(out / "uk")


#: Ctrl-C arriving while `pnp.cli` is being imported (the console script's first 0.3 s)
_CTRL_C_IN_IMPORT = """
import sys
class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == "pnp.cli":
            raise KeyboardInterrupt
sys.meta_path.insert(0, Interrupt())
from pnp.entry import main
sys.argv = ["pnp", "check"]
main()
"""


def test_ctrl_c_while_the_tool_imports_prints_one_line():
    proc = subprocess.run([sys.executable, "-c", _CTRL_C_IN_IMPORT], env=ENV, text=True, capture_output=True,
                          timeout=60)
    assert (proc.returncode, proc.stderr) == (130, "pnp: interrupted\n")


def _killed_by_itself(_) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_task_handed_over_after_a_worker_died_fails_with_the_death_not_a_broken_pool():
    """A worker killed between two hand-overs made the next `submit` raise BrokenProcessPool (a
    traceback, exit 70, seen in a sweep on a loaded machine): its answer is the death, as the
    pending answers' are, and the command stops in one line (exit 2)."""
    from concurrent.futures import wait
    with interrupts.worker_pool(1, "fork") as workers:
        first = workers.submit(_killed_by_itself, None)
        wait([first], timeout=60)
        assert isinstance(first.exception(), interrupts.WorkerKilled)
        late = workers.submit(abs, -1)  # the executor knows its worker is dead by now
        assert late.done() and isinstance(late.exception(), interrupts.WorkerKilled), late
