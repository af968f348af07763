#!/usr/bin/env bash
# On the GPU machine (device tool: carry .gpu): `trt-ci precision` against FP16 arithmetic on the H200. Three
# planted graphs (a MatMul on the tensor cores, then a chain of FP16-safe nodes with one or two traps whose
# two nodes must stay FP32: Mul 300 -> Mul 300 past 65504 -> Mul 1/90000), run node by node with torch by the
# GPU stand-in (test/gpu/trtexec_gpu.py graph_on_gpu: FP16 except the --layerPrecisions nodes). The search
# must find exactly the planted nodes, the first-divergence pass of all-FP16 (a marked build, every graph
# output run on the GPU) must name the first planted node, and the list must pass its second build (the
# price run, and its latency against all-FP16 from an A/B the stand-in times on the GPU). Writes
# $OUT/precision-gpu.json.
set -uo pipefail
source "$(dirname "$0")/node.sh"
root=$PWD
out=${OUT:-$root/precision-check-out}
mkdir -p "$out"
work=$(mktemp -d)
python3 - "$work" <<'PY'
import json, random, sys
import numpy as np, onnx
from onnx import helper, numpy_helper, TensorProto
work = sys.argv[1]
for g, (length, plants) in enumerate(((10, 1), (16, 2), (24, 1))):
    rng = random.Random(100 + g)
    nodes, inits, planted = [], {}, []
    def const(v):
        name = f'c{len(inits)}' if v not in inits else inits[v]
        inits.setdefault(v, name)
        return inits[v]
    cur = ['x']
    def add(op, *extra):
        name = f'n{len(nodes)}_{op.lower()}'
        nodes.append(helper.make_node(op, [cur[0], *extra], [name], name=name))
        cur[0] = name
        return name
    add('MatMul', 'eye')
    traps = set(rng.sample(range(max(1, length - 5 * plants)), plants))
    i = 0
    while len(nodes) < length or len(planted) < 2 * plants:
        if i in traps:
            add('Sigmoid'); add('Mul', const(300.0))
            planted += [add('Mul', const(300.0)), add('Mul', const(1 / 90000))]
            add('Add', const(1.0))
        else:
            pick = rng.randrange(4)
            if pick == 0: add('Relu')
            elif pick == 1: add('Sqrt')
            elif pick == 2: add('Abs')
            else: add('Mul', const(0.75)); add('Add', const(0.5))
        i += 1
    nodes[-1].output[0] = 'y'
    initializers = [numpy_helper.from_array(np.array([v], np.float32), n) for v, n in inits.items()]
    initializers.append(numpy_helper.from_array(np.eye(64, dtype=np.float32), 'eye'))
    graph = helper.make_graph(nodes, f'planted-{g}', [helper.make_tensor_value_info('x', TensorProto.FLOAT, [64, 64])],
                              [helper.make_tensor_value_info('y', TensorProto.FLOAT, [64, 64])], initializers)
    onnx.save(helper.make_model(graph, ir_version=8, opset_imports=[helper.make_opsetid('', 17)]), f'{work}/g{g}.onnx')
    json.dump(planted, open(f'{work}/g{g}.planted.json', 'w'))
PY
results=()
# GRAPHS picks which of the three run (default all): each price run adds an A/B of 16 timed runs.
for g in ${GRAPHS:-0 1 2}; do
  cat > "$work/g$g.yml" <<YML
trtexec: $root/test/gpu/trtexec_gpu.py
output-dir: $work/out$g
models:
  - name: g$g
    onnx: g$g.onnx
    precision: fp16
    accuracy: { inputs: { x: { range: [1, 3] } } }
    profiles: [{ name: p, shapes: { x: 64x64 } }]
YML
  GPU_STANDIN_HOLD_S=0 node "$root/dist/cli.js" precision --config "$work/g$g.yml" --json --max-builds 60 \
    > "$work/g$g.search.json" 2> "$work/g$g.search.log"
  echo "graph $g: rc=$? $(tail -n 2 "$work/g$g.search.log" | tr '\n' ' ')"
done
node - "$work" "$out" "${GRAPHS:-0 1 2}" <<'JS'
const [work, out, picked] = process.argv.slice(2);
const fs = require('node:fs');
const graphs = picked.split(' ').map(Number).map((g) => {
  const planted = JSON.parse(fs.readFileSync(`${work}/g${g}.planted.json`, 'utf8'));
  let search = null;
  try { search = JSON.parse(fs.readFileSync(`${work}/g${g}.search.json`, 'utf8')); } catch {}
  const keep = search?.keep ?? null;
  const R = search?.candidates.length ?? 0;
  const k = planted.length;
  return { graph: g, planted, keep, outcome: search?.outcome ?? 'no answer', candidates: R,
    builds: search?.trials.length ?? null, bound: 2 * k * Math.ceil(Math.log2(Math.max(R, 2))) + 2,
    exact: !!keep && keep.length === k && planted.every((p) => keep.includes(p)),
    // All-FP16's first-divergence pass (its marked build on the GPU): the first planted node, in graph order.
    divergence: search?.divergence ?? null,
    divergenceRight: search?.divergence?.status === 'found' && search.divergence.node === planted[0],
    ranked: search?.ranked ?? null,
    price: search?.price ?? null };
});
const priced = (g) => g.price?.accuracy === 'passed' && g.price?.ratio != null;
const held = graphs.every((g) => g.exact && g.builds <= g.bound && g.divergenceRight && priced(g));
fs.writeFileSync(`${out}/precision-gpu.json`, JSON.stringify({ check: 'precision-search', held, graphs }, null, 2));
const rows = graphs.map((g) => [
  g.planted.join('+'),
  (g.keep ?? []).join('+'),
  `${g.builds}/${g.bound}`,
  `starts at ${g.divergence?.node ?? g.divergence?.status ?? '?'}`,
  `re-verified ${g.price?.accuracy ?? '?'}`,
  `latency ${g.price?.latency ?? "?"}`,
]);
console.log(JSON.stringify({ held, graphs: rows }));
JS
