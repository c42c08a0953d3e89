#!/usr/bin/env bash
# emit.sh CASE OUTDIR: the kernel of CASE (a line of cases.tsv) by `kforge emit gemv --target cuda`, into OUTDIR
# (gemv.cu, kernel.json), plus base_gemv.cu (gemv.cu without `extern "C"`, for including inside a namespace).
# A case with a commit (fourth column) is emitted by the kforge of that commit: `git archive` of it into
# gen/.trees/COMMIT, run with this checkout's node_modules (needs the git history). Otherwise by this tree's kforge
# (KFORGE overrides the command, run from the repository root).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); repo=$(cd "$here/../.." && pwd)
line=$(awk -F'\t' -v c="$1" '$1 == c' "$here/cases.tsv")
[ -n "$line" ] || { echo "emit.sh: no case $1 in $here/cases.tsv" >&2; exit 2; }
params=$(printf '%s' "$line" | cut -f2); config=$(printf '%s' "$line" | cut -f3); commit=$(printf '%s' "$line" | cut -s -f4)
mkdir -p "$(dirname "$2")"; out=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
if [ -n "$commit" ]; then
  tree=$here/gen/.trees/$commit
  mkdir -p "$here/gen/.trees"; exec 9> "$tree.lock"; flock 9  # one extraction when make runs cases in parallel
  if [ ! -f "$tree/.done" ]; then
    rm -rf "$tree"; mkdir -p "$tree/node_modules"
    git -C "$repo" archive "$commit" | tar -x -C "$tree"
    for e in "$repo"/node_modules/* "$repo"/node_modules/.bin; do
      n=$(basename "$e")
      case $n in @kforge | kforge) cp -a "$e" "$tree/node_modules/" ;; *) ln -s "$e" "$tree/node_modules/$n" ;; esac
    done
    touch "$tree/.done"
  fi
  flock -u 9
  (cd "$tree" && node tools/cli/bin/kforge.js emit gemv --target cuda --params "$params" --config "$config" --out "$out")
else
  (cd "$repo" && ${KFORGE:-npx kforge} emit gemv --target cuda --params "$params" --config "$config" --out "$out")
fi
sed 's/extern "C" //' "$out/gemv.cu" > "$out/base_gemv.cu"
