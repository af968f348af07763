#!/usr/bin/env bash
# Runs on the GPU machine (device tool), with the carried Node 24 in .gpu/: trt-ci preflight against the
# real nvidia-smi, timed, plus the raw nvidia-smi answers the tests keep as fixtures. Writes into $OUT.
set -uo pipefail
source "$(dirname "$0")/node.sh"
work=$(mktemp -d)
printf 'onnx placeholder\n' > "$work/m.onnx"
cat > "$work/trt-ci.yml" <<YAML
trtexec: $PWD/test/support/bin/trtexec
output-dir: $work/out
models: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]
YAML
fields=index,name,uuid,pci.bus_id,driver_version,compute_cap,memory.total,memory.used,memory.free
fields+=,ecc.mode.current,ecc.errors.uncorrected.volatile.total,display_active,persistence_mode,compute_mode
fields+=,mig.mode.current
{
  echo "# nvidia-smi --query-gpu=$fields --format=csv,noheader,nounits"
  nvidia-smi --query-gpu=$fields --format=csv,noheader,nounits; echo "rc=$?"
  echo "# nvidia-smi --query-compute-apps=pid,process_name,gpu_uuid,used_memory --format=csv,noheader,nounits (idle)"
  nvidia-smi --query-compute-apps=pid,process_name,gpu_uuid,used_memory --format=csv,noheader,nounits; echo "rc=$?"
  echo "# /usr/local/cuda/version.json"; cat /usr/local/cuda/version.json 2>&1 | head -5
  echo "# CUDA_VERSION=${CUDA_VERSION:-unset}"
  echo "# ldd: $(ldd --version 2>&1 | head -1)"
  echo "# uname -m: $(uname -m)"
} > "$OUT/nvidia-smi-answers.txt" 2>&1
node --version > "$OUT/node-version.txt"
# Preflight, five times: the first is cold. elapsedMs excludes the trtexec version probe; wall includes it.
for i in 1 2 3 4 5; do
  start=$(date +%s%N)
  node dist/cli.js preflight --config "$work/trt-ci.yml" --json > "$work/pf-$i.json"; rc=$?
  end=$(date +%s%N)
  elapsed=$(grep -o '"elapsedMs": [0-9]*' "$work/pf-$i.json")
  probe=$(grep -o '"versionProbeMs": [0-9]*' "$work/pf-$i.json")
  echo "run $i rc=$rc wall_ms=$(( (end - start) / 1000000 )) elapsedMs=$elapsed versionProbeMs=$probe" \
    >> "$OUT/preflight-timing.txt"
done
cp "$work/pf-5.json" "$OUT/preflight-h200.json"
node dist/cli.js preflight --config "$work/trt-ci.yml" > "$OUT/preflight-h200.txt" 2>&1
# A foreign process on the GPU: PyTorch holding 2 GiB.
hold='import torch,time; x=torch.empty(2*1024**3, dtype=torch.uint8, device="cuda"); print("held", flush=True)'
python3 -c "$hold; time.sleep(60)" > "$work/torch.log" 2>&1 &
torch_pid=$!
for _ in $(seq 1 100); do grep -q held "$work/torch.log" && break; sleep 0.2; done
{
  apps=pid,process_name,gpu_uuid,used_memory
  echo "# nvidia-smi --query-compute-apps=$apps --format=csv,noheader,nounits (PyTorch holding 2 GiB)"
  nvidia-smi --query-compute-apps=pid,process_name,gpu_uuid,used_memory --format=csv,noheader,nounits; echo "rc=$?"
} >> "$OUT/nvidia-smi-answers.txt" 2>&1
node dist/cli.js preflight --config "$work/trt-ci.yml" --json > "$OUT/preflight-h200-foreign-process.json"
kill $torch_pid; wait $torch_pid 2>/dev/null
cat "$OUT/preflight-timing.txt" "$OUT/preflight-h200.txt" "$OUT/nvidia-smi-answers.txt"
