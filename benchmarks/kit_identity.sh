#!/usr/bin/env bash
# Byte-identity of the bundled games' kits across a refactor.
#
#   benchmarks/kit_identity.sh build DIR        build every bundled game's `--all` kit in every
#                                               language it ships, and its `pnp check` output, into DIR
#   benchmarks/kit_identity.sh BEFORE AFTER     compare two such folders file by file (cmp);
#                                               exit 1 and name the files that differ
#   benchmarks/kit_identity.sh BEFORE           build a fresh folder (mktemp -d) and compare it
#
# The build lock (it holds a process id) is left out; the TTS files name their images under a
# fixed URL base rather than the output folder. Run it with the worktree's pnp: PNP=.venv/bin/pnp by default.
set -euo pipefail
PNP=${PNP:-.venv/bin/pnp}
URL_BASE=https://kit.invalid/
# every kit rendered from scratch: the build cache (the user's cache folder) plays no part
export PNP_NO_CACHE=1
KITS="tverdzha:uk oborona-zamka:ru oborona-zamka:uk empire:ru empire:uk"

build() {
    local out=$1
    mkdir -p "$out"
    for kit in $KITS; do
        local game=${kit%%:*} lang=${kit##*:}
        # a URL base keeps the TTS files free of the output folder's absolute path
        "$PNP" build --game "$game" --lang "$lang" --all --tts-url-base "$URL_BASE" --out "$out/$game" >"$out/$game-$lang.build.txt" 2>&1 \
            || { echo "build failed: $game $lang (see $out/$game-$lang.build.txt)" >&2; return 1; }
        "$PNP" check --game "$game" --lang "$lang" >"$out/$game-$lang.check.txt" 2>&1 || true
    done
    # the build's own log names the output folder; keep it out of the comparison
    # and its timing
    sed -i -E -e "s#$out#OUT#g" -e 's/ in [0-9.]+ s;/ in N s;/' "$out"/*.txt
}

compare() {
    local before=$1 after=$2 bad=0
    local list_before list_after
    list_before=$(cd "$before" && find . -type f ! -name .pnp-build.lock | sort)
    list_after=$(cd "$after" && find . -type f ! -name .pnp-build.lock | sort)
    if [ "$list_before" != "$list_after" ]; then
        echo "the file lists differ:" >&2
        diff <(echo "$list_before") <(echo "$list_after") >&2 || true
        bad=1
    fi
    while IFS= read -r f; do
        [ -f "$after/$f" ] || continue
        cmp -s "$before/$f" "$after/$f" || { echo "differs: $f" >&2; bad=1; }
    done <<<"$list_before"
    [ $bad = 0 ] && echo "identical: $(echo "$list_before" | wc -l) files"
    return $bad
}

case ${1:-} in
    build) build "$2" ;;
    "") echo "usage: $0 build DIR | $0 BEFORE [AFTER]" >&2; exit 2 ;;
    *)
        if [ $# -ge 2 ]; then compare "$1" "$2"
        else after=$(mktemp -d "${TMPDIR:-/tmp}/kit-identity.XXXXXX"); build "$after" && compare "$1" "$after" && rm -rf "$after"; fi ;;
esac
