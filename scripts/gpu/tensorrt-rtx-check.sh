#!/usr/bin/env bash
# On the GPU machine (issue 61): real TensorRT-RTX engines, built by NVIDIA's builder and run by its runtime
# through trt-ci's ports (producers/tensorrt_rtx.py). The machine has no network: TensorRT-RTX's wheels come in
# pieces (the device tool carries a limited size a call) to /tmp/rtx-chunks: part.* (an xz tar of the installed
# tensorrt_rtx_libs and tensorrt_rtx_bindings) and the bindings wheel of each CPython. A CNN, its FP16 build and
# the planted FP16 overflow model are built for compute capability 8.9 (an L40S's) and for the GPU present
# (current), then checked on this GPU: accuracy against ONNX Runtime, consistency across the batch (the CNN's
# profile has a range), latency, and an interleaved A/B of the FP32 engine against the FP16 one. H100 and H200
# (9.0) are off-label for TensorRT-RTX: what fails is said, and what still ran. Writes $OUT/tensorrt-rtx/.
set -uo pipefail
source "$(dirname "$0")/node.sh"
export PATH=/tmp:$PATH
root=$PWD
out=${OUT:-$root/gpu-check-out}/tensorrt-rtx
mkdir -p "$out"
site=/tmp/rtx-site
if [ ! -d "$site/tensorrt_rtx_libs" ]; then
  mkdir -p "$site" && cat /tmp/rtx-chunks/part.* | xz -dc | tar x -C "$site" || echo "could not unpack the wheels"
fi
cp=$(python3 -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')
wheel=$(ls /tmp/rtx-chunks/tensorrt_rtx_cu13_bindings-*-"$cp"-*.whl 2>/dev/null | head -1)
unzip_to() { python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$1" "$2"; }
[ -n "$wheel" ] && unzip_to "$wheel" "$site"
export PYTHONPATH=$site
{ python3 --version; nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader
  python3 -c 'import tensorrt_rtx_bindings as t; print("tensorrt_rtx", t.__version__)'; } > "$out/environment.txt" 2>&1
work=$(mktemp -d)
python3 - "$work" <<'PY'
import sys
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
work = sys.argv[1]

def classifier(scale, name):
    rng = np.random.default_rng(7)
    conv = (rng.random((4, 3, 3, 3)) - 0.5).astype(np.float32)
    fc = ((rng.random((256, 10)) - 0.5) * 0.4 * scale).astype(np.float32)
    axis = helper.make_attribute('axis', 1)
    nodes = [helper.make_node('Conv', ['x', 'conv.w'], ['conv'], pads=[1, 1, 1, 1]),
             helper.make_node('Relu', ['conv'], ['relu']), helper.make_node('Flatten', ['relu'], ['flat']),
             helper.make_node('MatMul', ['flat', 'fc.w'], ['logits']),
             helper.make_node('Softmax', ['logits'], ['prob'])]
    nodes[-1].attribute.append(axis)
    graph = helper.make_graph(nodes, name, [helper.make_tensor_value_info('x', TensorProto.FLOAT, ['batch', 3, 8, 8])],
                              [helper.make_tensor_value_info('prob', TensorProto.FLOAT, ['batch', 10])],
                              [numpy_helper.from_array(conv, 'conv.w'), numpy_helper.from_array(fc, 'fc.w')])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', 17)])
    model.ir_version = 8
    onnx.save(model, f'{work}/{name}.onnx')

classifier(1, 'cnn')
classifier(4000, 'overflow')
PY
for cc in 8.9 current; do
  dir=$work/cc-$cc
  mkdir -p "$dir" && cp "$work"/*.onnx "$dir"/
  cat > "$dir/trt-ci.yml" <<YML
output-dir: out
build:
  command: [python3, "\${TRT_CI_PRODUCERS}/tensorrt_rtx.py", build, --onnx, "{onnx}", --plan, "{plan}",
            --layer-info, "{layer-info}", --shapes, "{min-shapes}/{opt-shapes}/{max-shapes}",
            --workspace, "{workspace}", --compute-capability, "$cc"]
run:
  command: [python3, "\${TRT_CI_PRODUCERS}/tensorrt_rtx.py", run, "{request}"]
models:
  - name: cnn
    onnx: cnn.onnx
    accuracy: { atol: 0.0001 }
    benchmark: true
    profiles: [{ name: b1-8, shapes: { x: { min: 1x3x8x8, opt: 4x3x8x8, max: 8x3x8x8 } } }]
  - name: cnn-fp16
    onnx: cnn.onnx
    precision: fp16
    accuracy: {}
    benchmark: true
    profiles: [{ name: b1-8, shapes: { x: { min: 1x3x8x8, opt: 4x3x8x8, max: 8x3x8x8 } } }]
  - name: overflow
    onnx: overflow.onnx
    precision: fp16
    accuracy: {}
    profiles: [{ name: b2, shapes: { x: 2x3x8x8 } }]
YML
  ( cd "$dir" && node "$root/dist/cli.js" run --config trt-ci.yml > "$out/run-$cc.txt" 2>&1 )
  echo "cc $cc: trt-ci run exit status $?" | tee -a "$out/status.txt"
  mkdir -p "$out/cc-$cc"
  cp "$dir/out/report.json" "$dir/out/summary.md" "$out/cc-$cc/" 2>/dev/null
  cp -r "$dir/out/logs" "$out/cc-$cc/" 2>/dev/null
  cp "$dir"/out/*.layers.json "$out/cc-$cc/" 2>/dev/null
  if [ -f "$dir/out/cnn.b1-8.plan" ] && [ -f "$dir/out/cnn-fp16.b1-8.plan" ]; then
    ( cd "$dir" && node "$root/dist/cli.js" ab --config trt-ci.yml out/cnn.b1-8.plan out/cnn-fp16.b1-8.plan \
        --shapes x:4x3x8x8 --json > "$out/ab-$cc.json" 2> "$out/ab-$cc-stderr.txt" )
    echo "cc $cc: trt-ci ab (FP32 base, FP16 head) exit status $?" | tee -a "$out/status.txt"
  fi
  # The engine inspector's own JSON of a real engine (it needs a GPU to deserialize the plan): what the layer info
  # the producer writes from the build log is checked against.
  python3 - "$dir/out/cnn.b1-8.plan" "$out/cc-$cc/cnn.inspector.json" <<'PY' 2>> "$out/cc-$cc/inspector-stderr.txt"
import sys
import tensorrt_rtx_bindings as trt
engine = trt.Runtime(trt.Logger(trt.Logger.WARNING)).deserialize_cuda_engine(open(sys.argv[1], 'rb').read())
inspector = engine.create_engine_inspector()
open(sys.argv[2], 'w').write(inspector.get_engine_information(trt.LayerInformationFormat.JSON))
PY
done
node - "$out" <<'JS'
const { readFileSync, writeFileSync, existsSync } = require('node:fs');
const out = process.argv[2];
const of = (cc) => {
  const file = `${out}/cc-${cc}/report.json`;
  const said = () => readFileSync(`${out}/run-${cc}.txt`, 'utf8').split('\n').slice(-15);
  if (!existsSync(file)) return { ran: false, output: said() };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return {
    status: r.status,
    product: `${r.environment.product} ${r.environment.tensorrtVersion}`,
    builds: r.builds.map((b) => ({
      engine: `${b.model}/${b.profile}`, status: b.status, failure: b.failure?.message ?? null,
      kind: b.failure?.kind ?? null,
      targets: b.scan?.computeCapabilities ?? null, bytes: b.scan?.bytes ?? null,
      accuracy: b.accuracy && { status: b.accuracy.status, problem: b.accuracy.problem,
        outputs: b.accuracy.outputs?.map((o) => ({ name: o.name, shape: o.shape, at: o.at, maxAbsError: o.maxAbsError,
          outOfTolerance: o.outOfTolerance, nan: o.nan, inf: o.inf })) },
      consistency: b.consistency && { status: b.consistency.status, reason: b.consistency.reason,
        checks: b.consistency.checks?.map((c) => `${c.id}: ${c.status}, max |diff| ${c.maxAbsDiff}`) },
      latencyMedianMs: b.perf?.latencyMs?.median ?? null,
    })),
    ab: existsSync(`${out}/ab-${cc}.json`) ? (() => {
      try {
        const a = JSON.parse(readFileSync(`${out}/ab-${cc}.json`, 'utf8'));
        return { verdict: a.verdict, ratio: a.ratio };
      }
      catch { return readFileSync(`${out}/ab-${cc}-stderr.txt`, 'utf8').split('\n').slice(-5); }
    })() : null,
  };
};
const environment = readFileSync(`${out}/environment.txt`, 'utf8').trim().split('\n');
const [cc89, current] = [of('8.9'), of('current')];
// On a GPU TensorRT-RTX runs (its compute capabilities): every engine passes its checks there. On one it does not
// (9.0: H100, H200): every engine still builds, and each run that fails says why in TensorRT-RTX's own kind.
const supported = ['7.5', '8.0', '8.6', '8.9', '12.0', '12.1'].some((cc) => environment[1]?.includes(`, ${cc}, `));
const builds = [cc89, current].flatMap((r) => r.builds ?? []);
const passed = builds.length === 6 && builds.every((b) => b.bytes !== null) &&
  (supported
    ? builds.every((b) => b.status === 'built' && (!b.accuracy || b.accuracy.status === 'passed'))
    : builds.every((b) =>
        b.status === 'built' ? !b.accuracy || b.accuracy.status === 'error' : b.kind === 'unsupported-gpu'));
const result = { check: 'tensorrt-rtx', date: new Date().toISOString().slice(0, 10),
  goal: 'real TensorRT-RTX engines build on the GPU machine and run on a GPU it supports; on one it does not, ' +
    'the run says which step failed, in its kind, and what still ran',
  passed, environment, cc89, current };
writeFileSync(`${out}/tensorrt-rtx.json`, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 1).slice(0, 4000));
JS
