#!/usr/bin/env bash
# npm run gpu-check, on the GPU machine (device tool: carry .gpu from ../shared/tools/gpu-node-prep): every
# GPU check in one command. builds-check.sh (preflight against the real nvidia-smi, peak-memory attribution,
# the out-of-memory back-off, the sampler's cost and, with N >= 2 GPUs, the N-GPU runs), accuracy-check.sh
# (FP16/BF16 against ONNX Runtime, the planted overflow), consistency-check.sh (faults in a batch and at one shape
# inside the range, planted on the GPU) and latency-check.sh (A/A, 1/2/5% slowdowns, and
# explain's profile runs after a run's A/B),
# then scripts/gpu/checks.mjs writes one JSON per check to $OUT (<check>.json: what was measured, whether it
# held, the commit it ran on). Copy them to bench/results/gpu-check/<date>-<machine>/; npm run build makes
# the table of docs/evidence.md from the newest. GPU_CHECK_COMMIT names the commit where .git did not travel.
set -uo pipefail
root=$PWD
out=${OUT:-$root/gpu-check-out}
mkdir -p "$out"
work=$(mktemp -d)
# A HEAD is the commit only when the tree is that commit: a copied tree can carry a stale .git (the device's
# did, on 2026-12-01, naming the commit before the one that ran).
commit=${GPU_CHECK_COMMIT:-}
if [[ -z $commit ]]; then
  head=$(git rev-parse HEAD 2>/dev/null || true)
  if [[ -n $head && -z $(git status --porcelain --untracked-files=no 2>/dev/null) ]]; then commit=$head
  else commit=unknown; fi
fi
export PYTHONUNBUFFERED=1
OUT=$work/builds timeout 300 bash "$root/scripts/gpu/builds-check.sh" > "$work/builds.log" 2>&1
echo "builds rc=$?"
OUT=$work/accuracy timeout 300 bash "$root/scripts/gpu/accuracy-check.sh" > "$work/accuracy.log" 2>&1
echo "accuracy rc=$?"
OUT=$work/consistency timeout 500 bash "$root/scripts/gpu/consistency-check.sh" > "$work/consistency.log" 2>&1
echo "consistency rc=$?"
# Three rebuilds a mode: each whose bytes differ costs an interleaved A/B of about a minute on an H100.
OUT=$work/stability REBUILDS=3 timeout 560 bash "$root/scripts/gpu/stability-check.sh" > "$work/stability.log" 2>&1
echo "stability rc=$?"
# Real TensorRT-RTX engines, where its wheels were carried to /tmp/rtx-chunks (tensorrt-rtx-check.sh says how).
if ls /tmp/rtx-chunks/part.* >/dev/null 2>&1; then
  OUT=$work timeout 300 bash "$root/scripts/gpu/tensorrt-rtx-check.sh" > "$work/tensorrt-rtx.log" 2>&1
  echo "tensorrt-rtx rc=$?"
else
  echo "tensorrt-rtx: skipped, no wheels in /tmp/rtx-chunks"
fi
for mode in aa ab explain; do
  case $mode in aa) count=${AA_COUNT:-10} ;; ab) count=${AB_COUNT:-3} ;; explain) count=${EXPLAIN_COUNT:-2} ;; esac
  OUT=$work/latency MODE=$mode COUNT=$count timeout 400 bash "$root/scripts/gpu/latency-check.sh" \
    > "$work/latency-$mode.log" 2>&1
  echo "latency $mode rc=$?"
done
# The same A/A and A/B with the stand-in answering as TensorRT 11.5: trt-ci's measurement as 11's defaults.
for mode in aa ab; do
  case $mode in aa) count=${AA_COUNT:-10} ;; ab) count=${AB_COUNT:-3} ;; esac
  OUT=$work/latency-11 MODE=$mode COUNT=$count GPU_LATENCY_VERSION=11.5.0.1 timeout 400 \
    bash "$root/scripts/gpu/latency-check.sh" > "$work/latency-11-$mode.log" 2>&1
  echo "latency 11.5 $mode rc=$?"
done
source "$root/scripts/gpu/node.sh"
node "$root/scripts/gpu/checks.mjs" "$work" "$commit" "$out"
