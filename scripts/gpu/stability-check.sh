#!/usr/bin/env bash
# On the GPU machine (device tool: carry .gpu from ../shared/tools/gpu-node-prep): `trt-ci stability` against
# builds whose tactics are picked by timing real implementations on the GPU (issue 60). An FP16 MLP of six
# MatMul+Relu layers runs through the GPU-backed trtexec stand-in (test/gpu/trtexec_gpu.py); with
# GPU_STANDIN_TACTICS=timed each build times three real GEMM implementations of every MatMul on this GPU (one
# GEMM, split-K in two, split-K in four summed in reverse) and keeps the fastest, so rebuilds differ where the
# candidates run about as fast; with fixed, every build picks the plain GEMM; with cached, timed as in timed but
# through a shared timing cache (the stand-in's: a layer's key found there takes its tactic untimed), so the
# rebuilds with it pin the first build's choices and only the one without it times afresh. trt-ci rebuilds each
# engine seven more times and certifies its level, timing a rebuild whose bytes differ against the engine (the
# latency level). Writes $OUT/stability-{timed,fixed,cached}.json and $OUT/stability.json.
set -uo pipefail
source "$(dirname "$0")/node.sh"
root=$PWD
out=${OUT:-$root/stability-check-out}
mkdir -p "$out"
work=$(mktemp -d)
python3 - "$work" <<'PY'
import sys
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
work = sys.argv[1]
rng = np.random.default_rng(0)
width, nodes, inits, previous = 1024, [], [], 'x'
for i in range(6):
    inits.append(numpy_helper.from_array((rng.standard_normal((width, width)) / np.sqrt(width)).astype(np.float32),
                                         f'w{i}'))
    nodes.append(helper.make_node('MatMul', [previous, f'w{i}'], [f'mm{i}'], name=f'mm{i}'))
    nodes.append(helper.make_node('Relu', [f'mm{i}'], [f'h{i}'], name=f'relu{i}'))
    previous = f'h{i}'
graph = helper.make_graph(nodes, 'mlp', [helper.make_tensor_value_info('x', TensorProto.FLOAT, ['N', width])],
                          [helper.make_tensor_value_info(previous, TensorProto.FLOAT, ['N', width])], inits)
onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid('', 17)]), f'{work}/mlp.onnx')
PY
config() {
  cat <<YML
trtexec: $root/test/gpu/trtexec_gpu.py
output-dir: $work/out
timing-cache: $1
models:
  - name: mlp
    onnx: mlp.onnx
    precision: fp16
    profiles: [{ name: b64, shapes: { x: 64x1024 } }]
YML
}
chmod +x "$root/test/gpu/trtexec_gpu.py"
export GPU_STANDIN_HOLD_S=0
# MODES and REBUILDS choose a part of the proof (one call's time is limited: each rebuild whose bytes differ costs an
# interleaved A/B of about a minute on an H100).
for mode in ${MODES:-timed fixed cached}; do
  if [ "$mode" = cached ]; then config "$work/timing.cache"; else config false; fi > "$work/trt-ci.yml"
  tactics=$mode; [ "$mode" = cached ] && tactics=timed
  ( cd "$work" && GPU_STANDIN_TACTICS=$tactics node "$root/dist/cli.js" stability --config trt-ci.yml \
      --rebuilds "${REBUILDS:-7}" --json > "$out/stability-$mode.json" 2> "$out/stability-$mode-stderr.txt" )
  echo "$mode: trt-ci exit status $?"
  cp -r "$work/out/logs" "$out/logs-$mode" 2>/dev/null
  [ "$mode" = cached ] && cp "$work/timing.cache" "$out/timing-cache-cached.json"
  rm -rf "$work/out"
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt"
node - "$out" <<'JS'
const { readFileSync, writeFileSync } = require('node:fs');
const out = process.argv[2];
const of = (mode) => {
  try {
    return JSON.parse(readFileSync(`${out}/stability-${mode}.json`, 'utf8')).builds[0]?.stability ?? null;
  } catch {
    return null; // a mode this call did not run (MODES), or one that did not finish
  }
};
const summary = (s) => s && {
  level: s.level,
  rebuilds: s.rebuilds.map((r) => `${r.level}${r.timingCache ? '' : ' (no timing cache)'}`),
  withTimingCache: s.rebuilds.filter((r) => r.timingCache).map((r) => r.level),
  latency: s.rebuilds.flatMap((r) => (r.latency ? [`${r.latency.verdict} ${r.latency.ratio ?? ''}`.trim()] : [])),
  changedLayers: [
    ...new Set(s.rebuilds.flatMap((r) => (r.changedLayers ?? []).map((c) => `${c.layer}: ${c.first} -> ${c.again}`))),
  ],
  largestOutputDifference: Math.max(0, ...s.rebuilds.map((r) => r.outputs?.maxAbsDiff ?? 0)),
  problems: s.rebuilds.flatMap((r) => (r.problem ? [r.problem] : [])),
};
const [timed, fixed, cached] = [summary(of('timed')), summary(of('fixed')), summary(of('cached'))];
const rank = { bits: 0, tactics: 1, outputs: 2, latency: 3, none: 4 };
const passed = [fixed, cached, ...(timed ? [timed] : [])].every((m) => m !== null && m.problems.length === 0) &&
  rank[fixed.level] <= rank.tactics && cached.withTimingCache.every((level) => rank[level] <= rank.tactics);
writeFileSync(`${out}/stability.json`, `${JSON.stringify({
  check: 'stability',
  goal: 'builds whose tactics are timed on the GPU are rebuilt and their level measured (the layers that changed ' +
    'named, a rebuild with other bytes timed against the engine); with the tactics fixed every rebuild, and ' +
    'with a shared timing cache every rebuild that has it, reaches tactics or better',
  passed, date: new Date().toISOString().slice(0, 10), gpu: readFileSync(`${out}/gpu.txt`, 'utf8').trim(),
  timed, fixed, cached,
}, null, 2)}\n`);
console.log(JSON.stringify({
  passed, timed: timed?.level, fixed: fixed?.level, cached: cached?.rebuilds, changed: timed?.changedLayers.length,
}));
JS
