#!/usr/bin/env bash
# Part of npm run gpu-check (scripts/gpu/gpu-check.sh), on the GPU machine: the builds' checks,
# trt-ci against real nvidia-smi and a GPU-backed trtexec stand-in (test/gpu/trtexec_gpu.py, PyTorch).
# Checks peak-memory attribution, the out-of-memory back-off, the sampler's GPU cost and, with N >= 2 GPUs,
# N profiles on N GPUs against one (speed-up, memory on the right GPU), max-parallel, and one build out of
# memory on one GPU while the others build. Everything it measured goes to $OUT (or ./gpu-check-out):
# gpu-check.json sums it up.
set -uo pipefail
source "$(dirname "$0")/node.sh"
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
root=$PWD
out=${OUT:-$root/gpu-check-out}
mkdir -p "$out"
work=$(mktemp -d)
printf 'onnx placeholder\n' > "$work/m.onnx"
gpu_count=$(nvidia-smi --query-gpu=index --format=csv,noheader | wc -l)

# config NAME WORKSPACE MIN_WORKSPACE GPUS PROFILES
config() {
  {
    echo "trtexec: $root/test/gpu/trtexec_gpu.py"
    echo "output-dir: $work/$1"
    echo "workspace: $2"
    echo "min-workspace: $3"
    echo "gpus: $4"
    echo "models:"
    echo "  - name: m"
    echo "    onnx: m.onnx"
    echo "    profiles:"
    for i in $(seq 1 "$5"); do echo "      - { name: p$i, shapes: { x: 1x3x${i}x8 } }"; done
  } > "$work/$1.yml"
  echo "$work/$1.yml"
}
elapsed() { local start=$1; echo $(( ($(date +%s%N) - start) / 1000000 )); }

node --version > "$out/node-version.txt"
start=$(date +%s%N)
node dist/cli.js preflight --config "$(config attribution 24GiB 1GiB '[0]' 2)" --json > "$out/preflight.json"
echo "preflight rc=$? wall_ms=$(elapsed "$start")" | tee "$out/steps.txt"

start=$(date +%s%N)
GPU_STANDIN_HOLD_S=4 GPU_STANDIN_RECORD="$out/standin-attribution.jsonl" \
  node dist/cli.js run --config "$work/attribution.yml" --json > "$out/run-attribution.json"
echo "attribution rc=$? wall_ms=$(elapsed "$start")" | tee -a "$out/steps.txt"

start=$(date +%s%N)
GPU_STANDIN_HOLD_S=2 GPU_STANDIN_RECORD="$out/standin-backoff.jsonl" \
  node dist/cli.js run --config "$(config backoff 256GiB 64GiB '[0]' 1)" --json > "$out/run-backoff.json"
echo "backoff rc=$? wall_ms=$(elapsed "$start")" | tee -a "$out/steps.txt"

if (( gpu_count >= 2 )); then
  # N profiles on one GPU, then on all N (the speed-up; each build's peak memory on its own GPU).
  for layout in one:'[0]' all:all; do
    name=${layout%%:*}
    start=$(date +%s%N)
    GPU_STANDIN_HOLD_S=8 GPU_STANDIN_RECORD="$out/standin-$name-gpu.jsonl" \
      node dist/cli.js run --config "$(config "$name-gpu" 8GiB 1GiB "${layout#*:}" "$gpu_count")" --json \
      > "$out/run-$name-gpu.json"
    echo "$name-gpu rc=$? wall_ms=$(elapsed "$start")" | tee -a "$out/steps.txt"
  done
  # max-parallel: N/2 builds at once on N GPUs.
  half=$(( gpu_count / 2 ))
  { cat "$(config max-parallel 8GiB 1GiB all "$gpu_count")"; echo "max-parallel: $half"; } > "$work/mp.yml"
  start=$(date +%s%N)
  GPU_STANDIN_HOLD_S=4 GPU_STANDIN_RECORD="$out/standin-max-parallel.jsonl" \
    node dist/cli.js run --config "$work/mp.yml" --json > "$out/run-max-parallel.json"
  echo "max-parallel rc=$? wall_ms=$(elapsed "$start") limit=$half" | tee -a "$out/steps.txt"
  # One build runs out of memory on its GPU (a workspace over the GPU's memory, no room to back off)
  # while the other N-1 build on theirs. Preflight would refuse that workspace before any build: here it
  # only warns, so that the out-of-memory happens where it does on a shared runner, during the build.
  { echo "preflight: warn-only"
    cat "$(config oom-others 8GiB 1GiB all $(( gpu_count - 1 )))"
    echo "  - name: big"
    echo "    onnx: m.onnx"
    echo "    workspace: 200GiB"
    echo "    min-workspace: 200GiB"
    echo "    profiles: [{ name: p1, shapes: { x: 1x3x8x8 } }]"; } > "$work/oom.yml"
  start=$(date +%s%N)
  GPU_STANDIN_HOLD_S=6 GPU_STANDIN_RECORD="$out/standin-oom.jsonl" \
    node dist/cli.js run --config "$work/oom.yml" --json > "$out/run-oom.json"
  echo "oom rc=$? wall_ms=$(elapsed "$start")" | tee -a "$out/steps.txt"
fi

python3 test/gpu/sampler_overhead.py > "$out/sampler.json"
node scripts/gpu/summarize.mjs "$out" > "$out/gpu-check.json"
cat "$out/gpu-check.json"
