#!/usr/bin/env bash
# On the GPU machine (device tool: carry .gpu from ../shared/tools/gpu-node-prep): the consistency checks and the
# accuracy sweep against faults planted on the GPU in the engine's precision (issue 59). A torchvision ResNet-50
# (random weights, dynamic batch 1..4) runs in FP16 through the GPU-backed trtexec stand-in
# (test/gpu/trtexec_gpu.py): one engine as built, and three with a fault of the stand-in's GPU_STANDIN_FAULT
# computed on its real FP16 outputs: rows that leak into each other in a batch (NVIDIA/TensorRT#4853), identical
# rows that come out different (#4813), and an error at one shape inside the range (#4846). trt-ci must pass the
# first and catch each fault with the check meant for it. What each fault changed is measured by the stand-in.
# Writes $OUT/consistency-report.json (trt-ci's report), $OUT/consistency-faults.jsonl and $OUT/consistency.json.
set -uo pipefail
source "$(dirname "$0")/node.sh"
root=$PWD
out=${OUT:-$root/consistency-check-out}
mkdir -p "$out"
work=$(mktemp -d)
python3 - "$work" <<'PY'
import sys, torch, torchvision
work = sys.argv[1]
torch.manual_seed(0)
model = torchvision.models.resnet50(weights=None).eval()
torch.onnx.export(model, torch.zeros(1, 3, 224, 224), f'{work}/resnet50.onnx', input_names=['x'],
                  output_names=['logits'], dynamic_axes={'x': {0: 'batch'}, 'logits': {0: 'batch'}},
                  opset_version=17, dynamo=False)
torch.save(model, f'{work}/resnet50.onnx.pt')
PY
profile='[{ name: b1-4, shapes: { x: { min: 1x3x224x224, opt: 2x3x224x224, max: 4x3x224x224 } } }]'
{
  echo "trtexec: $root/test/gpu/trtexec_gpu.py"
  echo "output-dir: $work/out"
  echo "cache-dir: $work/cache"
  echo 'accuracy: { top-k: 5 }'
  echo 'models:'
  for name in correct couple drift inside; do
    echo "  - { name: $name, onnx: resnet50.onnx, precision: fp16, profiles: $profile }"
  done
} > "$work/trt-ci.yml"
chmod +x "$root/test/gpu/trtexec_gpu.py"
# The one interior shape of a batch 1..4 around opt 2 is 3 (src/accuracy/shape-sweep.ts).
export GPU_STANDIN_HOLD_S=0
export GPU_STANDIN_FAULT='couple.=couple-rows:0.05;drift.=row-drift:0.05;inside.=at-shape:3x3x224x224:0.05'
export GPU_STANDIN_FAULT_LOG=$out/consistency-faults.jsonl
rm -f "$GPU_STANDIN_FAULT_LOG"
( cd "$work" && time node "$root/dist/cli.js" build --config trt-ci.yml --json \
    > "$out/consistency-report.json" 2> "$out/consistency-stderr.txt" )
echo "trt-ci exit status: $?"
cp "$work/out/summary.md" "$out/consistency-summary.md" 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt"
node - "$out" <<'JS'
const { readFileSync, writeFileSync, existsSync } = require('node:fs');
const out = process.argv[2];
const report = JSON.parse(readFileSync(`${out}/consistency-report.json`, 'utf8'));
const faults = existsSync(`${out}/consistency-faults.jsonl`)
  ? readFileSync(`${out}/consistency-faults.jsonl`, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
  : [];
const of = (model) => report.builds.find((b) => b.model === model);
const check = (b, id) => b?.consistency?.checks.find((c) => c.id === id)?.status ?? null;
const failedAt = (b) => [...new Set((b?.accuracy?.outputs ?? []).filter((o) => o.failure).map((o) => o.shape))];
const engines = ['correct', 'couple', 'drift', 'inside'].map((model) => {
  const b = of(model);
  const planted = faults.filter((f) => f.engine.startsWith(`${model}.`) && f.maxAbsChange > 0);
  return {
    model,
    consistency: b?.consistency?.status ?? null,
    checks: Object.fromEntries((b?.consistency?.checks ?? []).map((c) => [c.id, c.status])),
    messages: (b?.consistency?.checks ?? []).filter((c) => c.status === 'failed').map((c) => c.message),
    accuracy: b?.accuracy?.status ?? null,
    accuracyFailsAt: failedAt(b),
    swept: (b?.accuracy?.outputs ?? []).map((o) => o.at),
    injected: planted.length
      ? { runs: planted.length, maxAbsChange: Math.max(...planted.map((f) => f.maxAbsChange)),
          maxAbsValue: Math.max(...planted.map((f) => f.maxAbsValue)) }
      : null,
  };
});
const [correct, couple, drift, inside] = engines;
const passed =
  correct.consistency === 'passed' && correct.accuracy === 'passed' &&
  check(of('couple'), 'alone-vs-batch') === 'failed' && check(of('couple'), 'identical-rows') === 'passed' &&
  check(of('drift'), 'identical-rows') === 'failed' &&
  inside.accuracyFailsAt.join() === 'interior' && inside.consistency === 'passed' &&
  [couple, drift, inside].every((e) => e.injected !== null);
const gpu = readFileSync(`${out}/gpu.txt`, 'utf8').trim();
writeFileSync(`${out}/consistency.json`, `${JSON.stringify({
  check: 'consistency',
  goal: 'a correct FP16 engine passes every check; rows that leak in a batch fail alone-vs-batch (identical ' +
    'rows pass), identical rows that differ fail identical-rows, an error at one interior shape fails the ' +
    'sweep there only; each fault measured as the stand-in planted it on the GPU',
  passed, date: new Date().toISOString().slice(0, 10), gpu, status: report.status, engines,
}, null, 2)}\n`);
console.log(JSON.stringify({ passed, engines: engines.map((e) => [e.model, e.consistency, e.accuracyFailsAt]) }));
JS
tail -3 "$out/consistency-stderr.txt"
