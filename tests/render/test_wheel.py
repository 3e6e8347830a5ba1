"""Install like any Python tool: the sdist and the wheel carry the whole game, and a pnp
installed from the wheel into a fresh virtual environment works from an empty directory."""

from __future__ import annotations

import site
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest
from checkouts import copy_checkout, pnp_env, run
from pdfprobe import not_bundled_fonts

pytestmark = pytest.mark.slow

#: top-level folders of the checkout and where the wheel carries them
BUNDLED = {"content": "pnp/_bundled/content", "templates": "pnp/_bundled/templates", "fonts": "pnp/_bundled/fonts"}


@pytest.fixture(scope="module")
def dists(tmp_path_factory):
    """(source copy, sdist, wheel): `python -m build` makes the sdist, then the wheel from it."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = copy_checkout(tmp / "source")
    done = run([sys.executable, "-m", "build", "--outdir", str(tmp / "dist"), str(source)], tmp, pnp_env(tmp))
    assert done.returncode == 0, done.stdout + done.stderr
    (sdist,), (wheel,) = list((tmp / "dist").glob("*.tar.gz")), list((tmp / "dist").glob("*.whl"))
    return source, sdist, wheel


def _source_files(source: Path) -> list[str]:
    return sorted(str(p.relative_to(source)) for p in source.rglob("*") if p.is_file())


def test_the_sdist_carries_every_source_file(dists):
    source, sdist, _ = dists
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    assert [name for name in _source_files(source) if name not in names] == []


def test_the_wheel_carries_every_module_the_schema_and_the_bundled_game(dists):
    source, _, wheel = dists
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    wanted = []
    for name in _source_files(source):
        top, _, rest = name.partition("/")
        if top == "pnp":
            wanted.append(name)
        elif top in BUNDLED:
            wanted.append(f"{BUNDLED[top]}/{rest}")
    assert "pnp/content/base.schema.json" in wanted and "pnp/games/tverdzha/schema.json" in wanted and "pnp/_bundled/content/tverdzha.yaml" in wanted
    assert [name for name in wanted if name not in names] == []


#: imports every module of the installed package and prints where each came from
_EVERY_MODULE = """
import importlib, pkgutil, pnp
for module in pkgutil.walk_packages(pnp.__path__, "pnp."):
    print(importlib.import_module(module.name).__file__)
print(pnp.__file__)
"""


def sysconfig_paths() -> list[str]:
    """Where this Python finds the dependencies: its own site-packages and, in a virtual
    environment made with --system-site-packages, the base Python's as well."""
    own = [sysconfig.get_path("purelib"), sysconfig.get_path("platlib")]
    return list(dict.fromkeys(own + [p for p in site.getsitepackages() if p not in own]))


def test_pnp_installed_from_the_wheel_works_from_an_empty_directory(dists, tmp_path):
    _, _, wheel = dists
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python, pnp = venv / "bin" / "python", venv / "bin" / "pnp"
    env = pnp_env(tmp_path)
    done = run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)], tmp_path, env)
    assert done.returncode == 0, done.stdout + done.stderr
    # The dependencies come from this Python's site-packages, added as plain path entries
    # after the venv's own: unlike --system-site-packages, that runs none of their .pth
    # files, so an editable install of the checkout there cannot supply pnp's modules.
    (site,) = venv.glob("lib/python*/site-packages")
    (site / "dependencies.pth").write_text("\n".join(sysconfig_paths()) + "\n")
    empty = tmp_path / "empty"
    empty.mkdir()

    where = run([str(python), "-c", _EVERY_MODULE], empty, env)
    assert where.returncode == 0, where.stderr
    files = where.stdout.split()
    assert len(files) > 50 and [f for f in files if not Path(f).is_relative_to(venv)] == []

    check = run([str(pnp), "check"], empty, env)
    assert check.returncode == 0, check.stdout + check.stderr
    assert f"{venv}/lib/" in check.stdout and "_bundled/content/tverdzha.yaml: ok" in check.stdout
    for game in ("tverdzha", "oborona-zamka", "empire"):  # every bundled pack: its content and schema ship
        listed = run([str(pnp), "check", "--game", game], empty, env)
        assert listed.returncode == 0 and f"_bundled/content/{game}.yaml: ok" in listed.stdout, listed.stdout + listed.stderr

    build = run([str(pnp), "build", "--only", "cards"], empty, env)
    assert build.returncode == 0, build.stdout + build.stderr
    pdf = empty / "output" / "uk" / "tverdzha-uk-cards.pdf"
    assert not_bundled_fonts(pdf.read_bytes()) == []
    # the second game's kit from its packaged templates: the rulebook (jinja2 templates per language)
    # and its hex field (the general board renderer)
    build = run([str(pnp), "build", "--game", "oborona-zamka", "--lang", "ru", "--only", "rulebook", "--only", "board"],
                empty, env)
    assert build.returncode == 0, build.stdout + build.stderr
    for name in ("oborona-zamka-ru-rulebook.pdf", "oborona-zamka-ru-board.pdf"):
        assert not_bundled_fonts((empty / "output" / "ru" / name).read_bytes()) == [], name

    # a designer's new game made only of data, from the packaged starter, layouts and rulebook
    designer = tmp_path / "designer"
    designer.mkdir()
    made = run([str(pnp), "new", "Жнива"], designer, env)
    assert made.returncode == 0, made.stdout + made.stderr
    content = designer / "Жнива" / "game.yaml"
    check = run([str(pnp), "check", "--content", str(content)], empty, env)
    assert check.returncode == 0, check.stdout + check.stderr
    build = run([str(pnp), "build", "--content", str(content), "--all", "--out", str(designer / "out")], empty, env)
    assert build.returncode == 0, build.stdout + build.stderr
    assert (designer / "out" / "uk" / "my-game-uk-rulebook.pdf").is_file()

    sim = run([str(pnp), "sim", "--games", "2", "--agents", "random,random"], empty, env)
    assert sim.returncode == 0, sim.stdout + sim.stderr
    sim = run([str(pnp), "sim", "--game", "oborona-zamka", "--games", "2", "--agents", "random"], empty, env)
    assert sim.returncode == 0 and "\n  attacker wins" in sim.stdout, sim.stdout + sim.stderr
    assert sorted(p.name for p in empty.iterdir()) == ["output"]
