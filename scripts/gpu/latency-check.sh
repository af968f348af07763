#!/usr/bin/env bash
# On the GPU machine (device tool: carry .gpu from ../shared/tools/gpu-node-prep): trt-ci's latency A/B
# against a real GPU. test/gpu/trtexec_latency.py serves a ResNet-50 FP16 (CUDA graphs) per "engine"; an
# engine file names its injected slowdown. `trt-ci ab` (dist/cli.js, defaults: 8 repetitions a side of
# 300 iterations, 1% budget; the real nvidia-smi's clock event counters) compares:
#   MODE=aa: BASE against a second engine of the same model, COUNT times (false positives), and a plain
#            benchmark of BASE under trt-ci's measurement and under TensorRT 10's defaults
#   MODE=ab: BASE against 1%, 2% and 5% slowdowns, COUNT times each (detection)
#   MODE=explain: `trt-ci run` with benchmark: ab, COUNT times (issue 26): the engine is built by
#            trtexec_gpu.py and run here (scripts/gpu/trtexec-router.sh sends each to its stand-in); its base
#            plan (base-plans:) is 5% slower, so the A/B finds it faster and explain profiles both engines on
#            the GPU. Writes $OUT/explain-run-<i>.json (the report) and explain-calls-<i>.jsonl (each trtexec
#            run's kind and time).
# Writes $OUT/latency-<MODE>.jsonl (one line per comparison: trt-ci's JSON, the wall time, the slowdown asked
# and `injected`, what it measured on this GPU: the check judges the verdict against that, not the name).
set -uo pipefail
source "$(dirname "$0")/node.sh"
root=$PWD
out=${OUT:-$root/latency-check-out}
mode=${MODE:-aa}
count=${COUNT:-20}
mkdir -p "$out"
work=$(mktemp -d)
export GPU_LATENCY_SOCKET=$work/gpu.sock
standin=$root/test/gpu/trtexec_latency.py
chmod +x "$standin"
python3 "$standin" serve > "$out/server-$mode.txt" 2>&1 &
server=$!
for _ in $(seq 1 600); do [[ -S $GPU_LATENCY_SOCKET ]] && break; sleep 0.1; done
# The TensorRT the stand-in answers as (GPU_LATENCY_VERSION): 10.16 gets trt-ci's measurement as three
# flags, 11.5 as its defaults; the plans carry that version's header.
export GPU_LATENCY_VERSION=${GPU_LATENCY_VERSION:-10.16.1.11}
plan() { # NAME SLOWDOWN: the version's header, then the slowdown the stand-in injects
  python3 - "$work/$1.plan" "$2" <<'PY'
import os, sys
body = b'rtrtNGNE' + b'gpu-latency-standin slowdown=' + sys.argv[2].encode() + b'\n' + bytes(64)
size = 28 + len(body)  # bytes 16-23 hold the plan's total size, as in every real plan
version = [int(p) for p in os.environ['GPU_LATENCY_VERSION'].split('.')]
header = b'ftrt' + bytes(12) + size.to_bytes(8, 'little') + bytes(version)
open(sys.argv[1], 'wb').write(header + body)
PY
}
plan base 0; plan same 0; plan s1 0.01; plan s2 0.02; plan s5 0.05
compare() { # HEAD SLOWDOWN
  local start end
  start=$(date +%s.%N)
  node "$root/dist/cli.js" ab "$work/base.plan" "$work/$1.plan" --trtexec "$standin" --json \
    > "$work/ab.json" 2> "$work/ab.err"
  local code=$?
  end=$(date +%s.%N)
  local injected
  injected=$(python3 "$standin" injected "$2")
  python3 - "$work/ab.json" "$2" "$start" "$end" "$code" "$injected" >> "$out/latency-$mode.jsonl" <<'PY'
import json, os, sys
result = json.load(open(sys.argv[1]))
result.pop('runs', None)
print(json.dumps({'slowdown': float(sys.argv[2]), 'injected': float(sys.argv[6]),
                  'tensorrt': os.environ['GPU_LATENCY_VERSION'],
                  'wall_s': float(sys.argv[4]) - float(sys.argv[3]), 'exit': int(sys.argv[5]), **result}))
PY
}
if [[ $mode == explain ]]; then
  printf 'onnx placeholder\n' > "$work/m.onnx"
  mkdir -p "$work/base"
  plan base/m.p 0.05
  echo '{"Layers": ["gpu-standin"], "Bindings": []}' > "$work/base/m.p.layers.json"
  for i in $(seq 1 "$count"); do
    {
      echo "trtexec: $root/scripts/gpu/trtexec-router.sh"
      echo "output-dir: $work/out-$i"
      echo "base-plans: $work/base"
      echo "gpus: [0]"
      echo "models:"
      echo "  - name: m"
      echo "    onnx: m.onnx"
      echo "    benchmark: ab"
      echo "    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]"
    } > "$work/explain-$i.yml"
    start=$(date +%s%N)
    GPU_ROUTER_CALLS="$out/explain-calls-$i.jsonl" node "$root/dist/cli.js" run --config "$work/explain-$i.yml" \
      --json > "$out/explain-run-$i.json" 2> "$work/explain-$i.err"
    echo "explain run $i: exit $? in $((($(date +%s%N) - start) / 1000000)) ms" | tee -a "$out/explain-steps.txt"
    tail -3 "$work/explain-$i.err"
  done
elif [[ $mode == aa ]]; then
  for i in $(seq 1 "$count"); do compare same 0; done
  # The base engine in a plain benchmark (trtexec's 200 ms warm-up + 3 s), measured two ways: under trt-ci's
  # contract (the three flags on 10.x, nothing on 11.x) and as TensorRT 10 measures when asked nothing
  # (transfers, no graph, blocking sync): what the contract changes on this GPU.
  if [[ $GPU_LATENCY_VERSION == 11.* ]]; then
    contract=(); ten_defaults=(--includeDataTransfers --noCudaGraph --noSpinWait)
  else contract=(--noDataTransfers --useCudaGraph --useSpinWait); ten_defaults=(); fi
  for how in contract ten_defaults; do
    declare -n flags=$how
    start=$(date +%s.%N)
    "$standin" --loadEngine="$work/base.plan" "${flags[@]}" > "$work/plain-$how.log"
    end=$(date +%s.%N)
    median=$(grep -oP 'GPU Compute Time: .*median = \K[0-9.e+-]+' "$work/plain-$how.log")
    python3 -c 'import json, sys; a = sys.argv; print(json.dumps({"plain": a[1], "tensorrt": a[2], "flags": a[3],
      "medianMs": float(a[4]), "wall_s": float(a[6]) - float(a[5])}))' \
      "$how" "$GPU_LATENCY_VERSION" "${flags[*]}" "$median" "$start" "$end" >> "$out/latency-$mode.jsonl"
  done
else
  for i in $(seq 1 "$count"); do for s in s1:0.01 s2:0.02 s5:0.05; do compare "${s%%:*}" "${s##*:}"; done; done
fi
python3 "$standin" stop; wait $server
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt"
python3 -c "import torch; print('torch', torch.__version__)" >> "$out/gpu.txt"
if [[ -f $work/ab.err ]]; then tail -3 "$work/ab.err"; fi
