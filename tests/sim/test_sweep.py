"""`pnp sweep` end to end: identical results on the process pool and on Dask, each variant
exactly its own `pnp sim`, refused variants, the report, usage errors."""

from __future__ import annotations

import json
import subprocess
import tempfile
from concurrent.futures import Executor, Future

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.games.oborona_zamka.pack import PACK as OBORONA
from pnp.games.oborona_zamka.simulation import SIMULATION
from pnp.sim import executors, sweep
from pnp.sim.hooks import parse_specs
from pnp.sim.runner import play_many, result_document
from pnp.sim.source import GameSource
from pnp.sim.variants import variants

#: two values of two parameters, «Оборона Замка», random agents (fast); two blocks a variant, 8 tasks
SWEEP = ["--game", "oborona-zamka", "--set", "rules.fight.hit=5,6", "--set", "rules.wall_attack.hit=4,5",
         "--games", "40", "--seed", "3", "--agents", "random"]


def _run(*args):
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def _sweep(tmp_path, name, *args):
    out = tmp_path / f"{name}.json"
    code, text = _run("sweep", *args, "--json", str(out))
    assert code == 0, text
    assert "Traceback" not in text
    return out.read_bytes(), text


def test_the_process_pool_and_a_local_dask_cluster_give_identical_json(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    temp = tmp_path / "temp"  # the temporary folder of this process and of the cluster it starts
    temp.mkdir()
    monkeypatch.setenv("TMPDIR", str(temp))
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    pool, text = _sweep(tmp_path, "pool", *SWEEP, "--workers", "2")
    dask, dask_text = _sweep(tmp_path, "dask", *SWEEP, "--dask-local", "2")
    # no dask-scratch-space left behind, nor the cluster's own folder (pnp's scratch_dir, made by
    # the pool's fork, goes when this process exits)
    assert [p.name for p in temp.iterdir() if p.name == "dask-scratch-space" or p.name.startswith("pnp-dask-")] == []
    assert pool == dask
    assert "on 2 worker processes" in text and "on a local Dask cluster of 2" in dask_text
    doc = json.loads(pool)
    assert [v["label"] for v in doc["variants"]] == [
        "rules.fight.hit=5, rules.wall_attack.hit=4", "rules.fight.hit=5, rules.wall_attack.hit=5",
        "rules.fight.hit=6, rules.wall_attack.hit=4", "rules.fight.hit=6, rules.wall_attack.hit=5"]
    assert all(v["played"] and v["result"]["stats"]["games"] == 40 for v in doc["variants"])
    # the variants really differ: four contents, and not four copies of one result
    assert len({v["content_sha256"] for v in doc["variants"]}) == 4
    assert len({json.dumps(v["result"]["stats"], sort_keys=True) for v in doc["variants"]}) > 1
    # the content's own values (5 and 5) are no departure; a 4 for a wall attack is one, played on purpose
    assert [bool(v["departures"]) for v in doc["variants"]] == [True, False, True, True]
    assert {p["code"] for v in doc["variants"] for p in v["departures"]} == {"rules-value"}
    # the text table: a column per swept value, one row per variant with both roles' rates and the rounds
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.split()[:2] == ["fight.hit", "wall_attack.hit"])
    rows = [line.split() for line in lines[head + 1:head + 5]]
    assert [row[:3] for row in rows] == [["5", "4", "40"], ["5", "5", "40"], ["6", "4", "40"], ["6", "5", "40"]]
    for row, variant in zip(rows, doc["variants"]):
        stats = variant["result"]["stats"]
        rounds = stats["length"]["rounds"]
        assert f"{rounds['mean']:.1f}/{rounds['p90']}/{rounds['max']}" in row
        assert f"{100 * stats['seats']['attacker']['rate']:.1f}%" == row[3]


def test_a_variant_plays_exactly_the_games_of_pnp_sim_on_that_content(tmp_path):
    doc = json.loads(_sweep(tmp_path, "one", "--game", "oborona-zamka", "--set", "rules.fight.hit=6", "--games", "32",
                            "--seed", "3", "--agents", "random,greedy", "--workers", "1")[0])
    _, (variant,) = variants(OBORONA.content.read_text(encoding="utf-8"), "c", ["rules.fight.hit=6"])
    # what `pnp sim --content <the variant> --games 32 --seed 3 --json` plays and writes (pnp sim
    # itself refuses the file: its departure from the original rules has no note)
    source = GameSource(variant.text, "c", SIMULATION)
    specs = parse_specs("random,greedy", SIMULATION, source.roles)
    sim = result_document(source, specs, play_many(source, specs, games=32, seed=3, workers=2), seed=3)
    (swept,) = doc["variants"]
    assert swept["result"] == json.loads(json.dumps(sim))
    assert swept["content_sha256"] == sim["meta"]["content_sha256"] == source.sha256


def test_a_variant_the_checks_refuse_is_reported_not_played_and_the_others_are(tmp_path):
    out, html, pdf = tmp_path / "s.json", tmp_path / "s.html", tmp_path / "s.pdf"
    args = ["sweep", "--game", "oborona-zamka", "--set", "rules.fight.hit=6,7", "--games", "4", "--agents", "random",
            "--workers", "1", "--json", str(out)]
    code, text = _run(*args, "--report", str(html))
    assert code == 1, text
    assert "variant rules.fight.hit=7: refused by the checks, not played" in text
    assert "rules.fight.hit: expected a face of the die (1 to 6), found 7 [die-faces]" in text
    doc = json.loads(out.read_text())
    played, refused = doc["variants"]
    assert played["played"] and played["result"]["stats"]["games"] == 4
    assert not refused["played"] and "result" not in refused
    fight = next(n for n, line in enumerate(OBORONA.content.read_text(encoding="utf-8").splitlines(), 1)
                 if line.startswith("  fight: "))  # the line of rules.fight in the shipped content
    assert [(p["code"], p["line"]) for p in refused["problems"]] == [("die-faces", fight)]
    page = html.read_text()
    assert page.count("<svg") == 1 and "rules.fight.hit=7: refused, not played" in page
    assert "rules.fight.hit=6: departs from the original rules" in page
    assert _run(*args, "--report", str(pdf))[0] == 1
    words = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                           check=True).stdout
    assert "sweep report" in words and "rules.fight.hit=6" in words and "refused" in words


@pytest.mark.parametrize("args, message", [
    (["--set", "rules.fihgt.hit=5,6"], "rules has no key 'fihgt' (did you mean 'fight'?)"),
    (["--set", "rules.fight.hit=5,six"], "expected a whole number like the content's '5'"),
    (["--set", "rules.natural_six=false"], "did you mean rules.natural_six.value?"),
    ([], "give at least one --set PATH=V1,V2,..."),
    (["--set", "rules.fight.hit=5", "--scheduler", "tcp://127.0.0.1:1", "--dask-local", "2"],
     "--scheduler and --dask-local exclude each other"),
    (["--set", "rules.fight.hit=5", "--dask-local", "2", "--workers", "2"], "a Dask cluster has its own workers"),
    (["--set", "rules.fight.hit=5", "--scheduler", "localhost"], "expected a scheduler address such as tcp://"),
    (["--set", "rules.fight.hit=5", "--scheduler", "tls://127.0.0.1:1"], "expected a tcp:// address"),
    (["--set", "rules.fight.hit=5", "--scheduler", "ucx://127.0.0.1:1"], "found ucx://"),
    (["--set", "rules.fight.hit=1,2,3,4,5,6", "--set", "rules.wall_attack.hit=1,2,3,4,5,6", "--set",
      "rules.fight_over_wall.hit=1,2,3,4,5,6", "--set", "field.hex.across_flats=20,30,40,50,60"],
     "the --set values make 1,080 variants (6 × 6 × 6 × 5); a sweep plays at most 1,000"),
    (["--set", "rules.fight.hit=5", "--report", "r.txt"], "--report r.txt: expected a file name ending in .html or .pdf"),
    (["--set", "rules.fight.hit=5", "--agents", "clever"], "unknown agent 'clever'"),
])
def test_usage_errors_are_one_line_and_exit_2(args, message):
    code, text = _run("sweep", "--game", "oborona-zamka", *args)
    assert code == 2, text
    assert message in text and "Traceback" not in text
    assert text.startswith("pnp sweep: ") or text.startswith("pnp: ")


def test_no_such_game_is_a_usage_error():
    code, text = _run("sweep", "--game", "nope", "--set", "a=1")
    assert code == 2 and "nope" in text and "Traceback" not in text


def test_a_scheduler_that_does_not_answer_is_a_usage_error_before_any_variant_is_checked(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", "2s")
    monkeypatch.setattr(sweep, "check", lambda *a: pytest.fail("a variant was checked before the scheduler answered"))
    code, text = _run("sweep", "--game", "oborona-zamka", "--set", "rules.fight.hit=5", "--games", "2",
                      "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2, text
    assert text.startswith("pnp: --scheduler tcp://127.0.0.1:9: no Dask scheduler answers there") and "Traceback" not in text


def test_a_running_dask_cluster_given_by_its_scheduler_gives_the_same_json(tmp_path):
    distributed = pytest.importorskip("distributed")
    small = ["--game", "oborona-zamka", "--set", "rules.wall_attack.hit=4,5", "--games", "8", "--agents", "random,greedy"]
    pool, _ = _sweep(tmp_path, "pool", *small, "--workers", "2")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        remote, text = _sweep(tmp_path, "remote", *small, "--scheduler", cluster.scheduler_address)
    assert remote == pool and f"on the Dask scheduler {cluster.scheduler_address}" in text


class _AtOnce(Executor):
    """Runs each task as it is submitted, noting how many variants had been checked by then."""

    def __init__(self, checked: list):
        self.checked, self.seen = checked, []

    def submit(self, fn, /, *args, **kwargs) -> Future:
        self.seen.append(len(self.checked))
        future: Future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_variants_are_made_and_checked_only_as_the_workers_need_them():
    text = OBORONA.content.read_text(encoding="utf-8")
    found, made = variants(text, "c", ["rules.fight.hit=4,5,6", "rules.wall_attack.hit=4,5"])
    assert len(made) == 6 and [v.label for v in made] == [made[i].label for i in range(6)]
    assert made[5].label == "rules.fight.hit=6, rules.wall_attack.hit=5" and made[-1].text == made[5].text
    source = GameSource(text, "c", SIMULATION)
    checked: list = []

    def checking():
        for v in made:
            checked.append(sweep.check(v, source))
            yield checked[-1]

    executor = _AtOnce(checked)
    specs = parse_specs("random", SIMULATION, source.roles)
    records = sweep.play(checking(), specs, games=2, seed=1, executor=executor, ahead=1)
    assert executor.seen == [1, 2, 3, 4, 5, 6]  # one variant checked a task, not all six first
    assert [len(r) for r in records] == [2] * 6
