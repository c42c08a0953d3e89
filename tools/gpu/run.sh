#!/usr/bin/env bash
# kforge H200 run (written by tools/gpu/prepare.ts): builds and runs every case of this folder on the
# GPU machine, prints a compact table last, and leaves in OUT_DIR:
#   summary.txt      the table; summary.json  its numbers
#   results.tar.gz.NN  (parts; cat them) everything else: plan.json, machine.txt, baselines.jsonl, perf/ and conformance/
#                    (results.jsonl, manifest.json, outputs), build and run logs, SASS of three kernels
# usage: bash run.sh OUT_DIR        (about 5 to 8 minutes on one H200)
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="${1:?usage: run.sh OUT_DIR}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
W="$OUT/work"
rm -rf "$W"
mkdir -p "$W"
T0=$(date +%s)
stamp() { echo "[$(( $(date +%s) - T0 ))s] $*"; }
plan() { python3 -c "import json,sys; p=json.load(open('$ROOT/plan.json')); print($1)"; }
cp "$ROOT/plan.json" "$W/plan.json"

{
  echo "@@nvidia-smi"; nvidia-smi
  echo "@@query"; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.mem,clocks.max.sm,power.limit,temperature.gpu --format=csv
  echo "@@nvcc"; nvcc --version
  echo "@@gcc"; gcc --version | head -n 1
  echo "@@cpu"; lscpu | grep -E 'Model name|^CPU\(s\)|Flags'
  echo "@@uname"; uname -sr
  echo "@@mem"; free -b
} > "$W/machine.txt" 2>&1
stamp "$(grep -m1 -A1 '@@query' "$W/machine.txt" | tail -n 1)"

# The GPU machine may come without a Vulkan loader and glvnd (vkCreateInstance then fails with
# VK_ERROR_INCOMPATIBLE_DRIVER): a .gl/ folder of their Debian packages carried beside the bundle is
# unpacked first (tools/gpu/README.md says how to fetch it).
# (beside the bundle, or beside its parent folder: .gpu-bundle/attention/run.sh finds the repository's .gl)
GL_DEBS="$(cd "$ROOT/.." && pwd)/.gl"
ls "$GL_DEBS"/*.deb >/dev/null 2>&1 || GL_DEBS="$(cd "$ROOT/../.." && pwd)/.gl"
if ls "$GL_DEBS"/*.deb >/dev/null 2>&1; then
  for f in "$GL_DEBS"/*.deb; do dpkg -x "$f" /; done
  ldconfig
  stamp "unpacked $(ls "$GL_DEBS"/*.deb | wc -l) packages of .gl/ (Vulkan loader, glvnd)"
fi

# Vulkan and EGL: the NVIDIA driver files where the machine keeps them (the loader's default search
# misses /usr/local/nvidia: vkCreateInstance then fails with VK_ERROR_INCOMPATIBLE_DRIVER), the first
# that exists unless the caller chose one; conformance/run.sh keeps what is set here.
first_file() { for f in "$@"; do [ -e "$f" ] && { echo "$f"; return; }; done; }
ICD_DIRS=(/usr/local/nvidia/share/vulkan/icd.d /usr/share/vulkan/icd.d /etc/vulkan/icd.d /usr/local/share/vulkan/icd.d)
if [ -z "${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-}" ]; then
  ICD="$(first_file "${ICD_DIRS[@]/%//nvidia_icd.json}" "${ICD_DIRS[@]/%//nvidia_icd.x86_64.json}")"
  [ -n "$ICD" ] && export VK_DRIVER_FILES="$ICD" VK_ICD_FILENAMES="$ICD"
fi
if [ -z "${__EGL_VENDOR_LIBRARY_FILENAMES:-}" ]; then
  EGL="$(first_file /usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json /usr/share/glvnd/egl_vendor.d/10_nvidia.json)"
  [ -n "$EGL" ] && export __EGL_VENDOR_LIBRARY_FILENAMES="$EGL"
fi
{
  echo "@@vulkan"; echo "VK_DRIVER_FILES=${VK_DRIVER_FILES:-none found}"; ls -l "${ICD_DIRS[@]}" 2>&1
  [ -n "${VK_DRIVER_FILES:-}" ] && cat "$VK_DRIVER_FILES"
  echo "__EGL_VENDOR_LIBRARY_FILENAMES=${__EGL_VENDOR_LIBRARY_FILENAMES:-none found}"
  ldconfig -p | grep -E 'libGLX_nvidia|libvulkan' || echo "no libGLX_nvidia / libvulkan in ldconfig"
} >> "$W/machine.txt" 2>&1
stamp "Vulkan ICD: ${VK_DRIVER_FILES:-none found in ${ICD_DIRS[*]}}; EGL vendor: ${__EGL_VENDOR_LIBRARY_FILENAMES:-none found}"

# Build: the kernels for sm_90 only (this is the H200), the three parts at once on every core.
export CUDA_ARCH_FLAGS="-gencode arch=compute_90,code=sm_90"
export KFORGE_BUILD_JOBS="$(nproc)"
CUBLAS_FLAGS=()
CUBLAS_LIB=-lcublas
if ! ls /usr/local/cuda/include/cublas_v2.h >/dev/null 2>&1; then
  # cuBLAS from the Python wheel (nvidia-cublas) when the toolkit lacks it
  PYCUBLAS="$(python3 -c 'import nvidia.cublas, os; print(os.path.dirname(nvidia.cublas.__file__))' 2>/dev/null || true)"
  if [ -n "$PYCUBLAS" ]; then
    CUBLAS_FLAGS=(-I"$PYCUBLAS/include" -L"$PYCUBLAS/lib" -Xlinker -rpath -Xlinker "$PYCUBLAS/lib")
    SO="$(ls "$PYCUBLAS/lib" | grep -m1 '^libcublas\.so')"
    [ -n "$SO" ] && CUBLAS_LIB="-l:$SO"
  fi
fi
( cd "$ROOT/baselines" && nvcc -O3 -arch=sm_90 "${CUBLAS_FLAGS[@]}" -o baselines cuda_baselines.cu "$CUBLAS_LIB" > "$W/baselines-build.log" 2>&1 \
  || { echo "cuBLAS build failed, see baselines-build.log" >> "$W/baselines-build.log"; } ) &
for part in perf conformance; do
  if [ -e "$ROOT/$part/build.sh" ]; then bash "$ROOT/$part/build.sh" > "$W/$part-build.log" 2>&1 & else echo "no $part cases" > "$W/$part-build.log"; fi
done
wait
stamp "built: $(tail -n 1 "$W/perf-build.log") (perf), $(tail -n 1 "$W/conformance-build.log") (conformance), baselines $([ -x "$ROOT/baselines/baselines" ] && echo ok || echo FAILED)"

B="$ROOT/baselines/baselines"
: > "$W/baselines.jsonl"
probe_copy() { [ -x "$B" ] && "$B" copy "$(plan "p['copyProbeBytes']")" 30 >> "$W/baselines.jsonl" 2>> "$W/baselines-run.log"; }
probe_copy
if [ -x "$B" ]; then
  F="$(plan "' '.join(str(p['cublasFills'][k]) for k in ['wSeed','wExponent','xSeed','xExponent'])")"
  read -r WS WE XS XE <<< "$F"
  for NK in $(plan "' '.join(f\"{s['N']}x{s['K']}\" for s in p['cublas'])"); do
    mkdir -p "$W/cublas-$NK"
    timeout 120 "$B" cublas-f16 "${NK%x*}" "${NK#*x}" "$(plan "p['rotateBytes']")" "$(plan "p['repeats']")" "$(plan "p['warmup']")" \
      "$WS" "$WE" "$XS" "$XE" "$W/cublas-$NK" >> "$W/baselines.jsonl" 2>> "$W/baselines-run.log"
  done
fi
if [ "$(plan "len(p['cublas'])")" != 0 ]; then
  python3 "$ROOT/torch_baselines.py" "$ROOT/plan.json" "$W" >> "$W/baselines.jsonl" 2>> "$W/baselines-run.log" || echo "torch baselines failed" >> "$W/baselines-run.log"
fi
# PyTorch SDPA beside the attention cases (plan['sdpa']; none: it prints nothing)
( cd "$ROOT" && PYTHONUNBUFFERED=1 timeout 400 python3 "$ROOT/torch_attention.py" "$ROOT/plan.json" "$W" >> "$W/baselines.jsonl" 2>> "$W/baselines-run.log" ) \
  || echo "torch attention baselines failed" >> "$W/baselines-run.log"
# FLA beside the gated_delta_rule cases (plan['fla']; its source .fla/ carried beside the bundle or its parent)
( cd "$ROOT" && PYTHONUNBUFFERED=1 timeout 400 python3 "$ROOT/fla_gated_delta_rule.py" "$ROOT/plan.json" "$W" >> "$W/baselines.jsonl" 2>> "$W/baselines-run.log" ) \
  || echo "fla baselines failed" >> "$W/baselines-run.log"
[ -e "$ROOT/fla_gated_delta_rule.py" ] && stamp "fla baselines: $(grep -c '"probe":"fla"' "$W/baselines.jsonl") lines"
# vLLM's fused_moe, torch._grouped_mm and a PyTorch loop beside the f16 moe cases (plan['moe']; vLLM's kernel .vllm/ carried beside the bundle or its parent)
if [ "$(plan "len(p.get('moe') or [])")" != 0 ]; then
  ( cd "$ROOT" && PYTHONUNBUFFERED=1 timeout 400 python3 "$ROOT/moe_peers.py" "$ROOT/plan.json" "$W" >> "$W/baselines.jsonl" 2>> "$W/baselines-run.log" ) \
    || echo "moe peers failed" >> "$W/baselines-run.log"
  stamp "moe peers: $(grep -c '"probe":"moe-peer"' "$W/baselines.jsonl") lines"
fi
cp "$ROOT/baselines/cuda_baselines.cu" "$ROOT/torch_baselines.py" "$ROOT/torch_attention.py" "$ROOT/fla_gated_delta_rule.py" "$ROOT/moe_peers.py" "$W/" 2>/dev/null
stamp "baselines done"

export KFORGE_SKIP_BUILD=1 KFORGE_CASE_TIMEOUT=120
if [ -e "$ROOT/perf/run.sh" ]; then
  bash "$ROOT/perf/run.sh" "$W/perf" "$(plan "p['repeats']")" "$(plan "p['warmup']")" > "$W/perf-run.log" 2>&1
  # attention's o (up to 64 MB a case) shrinks to its sampled rows and a written-and-finite count
  python3 "$ROOT/reduce_outputs.py" "$ROOT/plan.json" "$W/perf" >> "$W/perf-run.log" 2>&1 || echo "reduce_outputs failed" >> "$W/perf-run.log"
  stamp "perf and sweep cases done"
fi
probe_copy
if [ -e "$ROOT/conformance/run.sh" ]; then
  bash "$ROOT/conformance/run.sh" "$W/conformance" 3 1 > "$W/conformance-run.log" 2>&1
  stamp "conformance cases done"
fi

# SASS of some default CUDA kernels: gemv on 4096x4096 (16-byte loads LDG.E.128, no local memory
# LDL/STL), attention decode at B 8 and prefill at B 1 (and whether the tensor cores are used: HMMA),
# gated_delta_rule decode at B 8 and prefill at T 8192 (16 heads), moe's f16 and q4_0 cases
for c in $(plan "' '.join(t['case'] for t in p['timed'] if t['kind']=='perf' and t.get('target','cuda')=='cuda' and t['isDefault'] and (t['params'].get('N')==4096 or (t['op']=='attention' and t['params']['B'] in (1, 8) and t['params']['Hq']==32 and (t['params']['Sq']>1 or t['params']['B']==8)) or (t['op']=='gated_delta_rule' and t['params']['Hv']==16 and (t['params']['B'],t['params']['T']) in ((8, 1), (1, 8192))) or (t['op']=='moe' and t['params']['weight'] in ('f16', 'q4_0'))))"); do
  cuobjdump --dump-sass "$ROOT/perf/cases/$c/host" > "$W/sass-$c.txt" 2>&1 || true
done

python3 "$ROOT/summarize.py" "$W" "$OUT/summary.json" > "$OUT/summary.txt" 2> "$W/summarize.log" || echo "summarize failed: $(tail -n 5 "$W/summarize.log")" >> "$OUT/summary.txt"
# the device tool brings back files of at most 16 MiB: split the archive (ingest: cat results.tar.gz.* | tar xz)
tar czf - -C "$OUT" work | split -b 15m -d - "$OUT/results.tar.gz."
grep -i -A3 'vulkan\|icd' "$W/machine.txt" | head -n 30
rm -rf "$W"
stamp "wrote $(ls "$OUT"/results.tar.gz.* | wc -l) archive part(s) under 16 MiB, summary.txt, summary.json"
cat "$OUT/summary.txt"
