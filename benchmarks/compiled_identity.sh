#!/usr/bin/env bash
# The compiled build plays exactly the pure-Python build's games.
#
# Builds the mypyc extensions of setup.py into a temporary copy of this tree, checks
# that the engine and agent modules really are the compiled ones there, runs the engine
# and simulator tests on that copy, then plays the same `pnp sim` on both builds and
# compares their JSON byte for byte. Needs mypy (pip install mypy) and a C compiler.
#
#   bash benchmarks/compiled_identity.sh [GAMES]        GAMES: 200 unless given
#   bash benchmarks/compiled_identity.sh --build DIR    only compile into DIR (new or empty), keep it
#   bash benchmarks/compiled_identity.sh --built DIR [GAMES]   check the tree --build made in DIR
#
# The two steps let CI compile (one C file: one core, about a minute) while the test suite
# runs, then check. Exit status: 0 identical, 1 different or a test failed, 2 the build failed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=all
case "${1:-}" in
    --build|--built) mode=${1#--}; work=$(mkdir -p "$2" && cd "$2" && pwd); shift 2 ;;
    *) work=$(mktemp -d "${TMPDIR:-/tmp}/pnp-compiled.XXXXXX"); trap 'rm -rf "$work"' EXIT ;;
esac
games=${1:-200}
sim=(-m pnp.cli sim --games "$games" --seed 7 --agents greedy,greedy)

if [ "$mode" != built ]; then
    echo "== compiling the engine and agents into $work"
    tar -C "$root" --exclude=__pycache__ --exclude='*.so' --exclude=output -cf - \
        pnp content templates fonts tests setup.py pyproject.toml README.md | tar -C "$work" -xf -
    if ! (cd "$work" && PNP_COMPILE=1 python3 setup.py -q build_ext --inplace >build.log 2>&1); then
        tail -n 30 "$work/build.log" >&2
        echo "compiled build failed" >&2
        exit 2
    fi
fi
# --build runs beside the installs, in whatever Python compiles (CI's has mypy, not pnp's
# dependencies), so the modules are imported only where the tests will run
[ "$mode" = build ] && exit 0

(cd "$work" && PYTHONPATH="$work" python3 - <<'EOF'
import importlib, sys
modules = ["pnp.games.tverdzha.rules.state", "pnp.games.tverdzha.rules.flow", "pnp.games.tverdzha.sim.heuristic",
           "pnp.games.tverdzha.sim.agents", "pnp.games.tverdzha.sim.observe"]
plain = [m for m in modules if importlib.import_module(m).__file__.endswith(".py")]
if plain:
    sys.exit(f"not compiled: {', '.join(plain)}")
EOF
)

echo "== engine and simulator tests on the compiled build"
# the tests that play the compiled engine and agents (and pickle them to workers); not the sweep's
# (they play «Оборона Замка», whose engine is not compiled, on executors), nor those of the command
# line, the report, the statistics and the kit verdicts, which read results the JSON below compares
(cd "$work" && PYTHONPATH="$work" python3 -m pytest -q -p no:cacheprovider tests/rules tests/sim \
    --ignore=tests/sim/test_sweep.py --ignore=tests/sim/test_variants.py --ignore=tests/sim/test_cli.py \
    --ignore=tests/sim/test_report.py --ignore=tests/sim/test_stats.py --ignore=tests/sim/test_kit_verdicts.py)

echo "== $games games, pure Python and compiled"
(cd "$root" && PYTHONPATH="$root" python3 "${sim[@]}" --json "$work/pure.json" >/dev/null)
(cd "$work" && PYTHONPATH="$work" python3 "${sim[@]}" --json "$work/compiled.json" >/dev/null)
if cmp "$work/pure.json" "$work/compiled.json"; then
    echo "identical: $games games, $(wc -c <"$work/pure.json") bytes of JSON"
else
    diff <(python3 -m json.tool "$work/pure.json") <(python3 -m json.tool "$work/compiled.json") | head -n 40 >&2
    exit 1
fi
