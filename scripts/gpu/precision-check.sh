#!/usr/bin/env bash
# On the GPU machine (device tool: carry .gpu): `trt-ci precision` against FP16 arithmetic on the GPU. Four
# planted graphs: three a MatMul on the tensor cores, then a chain of FP16-safe nodes with traps of issue 37's
# kinds, as test/support/onnx-models.ts plantedChainOnnx makes them (a Mul past 65504, an Exp, an unshifted
# variance, an accumulation over the row, a softmax without its max subtracted; 2 or 3 planted nodes each must
# stay FP32); the fourth an overflow inside an If branch, whose nodes are candidates after the main graph's. Each
# runs node by node with torch in the GPU stand-in (test/gpu/trtexec_gpu.py graph_on_gpu: FP16 except the
# --layerPrecisions nodes). The search must find exactly the planted nodes, the first-divergence pass of
# all-FP16 (a marked build, every graph output run on the GPU) must open at the first planted node (the If, for
# the branch's), and the list must pass its second build (the price run, and its latency against all-FP16 from
# an A/B the stand-in times on the GPU). Writes $OUT/precision-gpu.json.
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
W = 64  # the row a reduction runs over: x is [64, 64]
# Each graph's traps in order.
for g, (length, kinds) in enumerate(((10, ('softmax', 'mul')), (16, ('exp',)), (24, ('variance', 'accumulate')))):
    rng = random.Random(100 + g)
    nodes, inits, planted = [], {}, []
    def const(v):
        name = f'c{len(inits)}' if v not in inits else inits[v]
        inits.setdefault(v, name)
        return inits[v]
    cur = ['x']
    def node(op, inputs, **attrs):
        name = f'n{len(nodes)}_{op.lower()}'
        nodes.append(helper.make_node(op, inputs, [name], name=name, **attrs))
        cur[0] = name
        return name
    def add(op, *extra, **attrs):
        return node(op, [cur[0], *extra], **attrs)
    def start():  # 0.1 v + 0.8: [0.9, 1.1] for v in [1, 3]; an Inf from an earlier trap stays Inf
        add('Mul', const(0.1))
        return add('Add', const(0.8))
    def trap(kind):
        if kind == 'mul':
            start(); add('Mul', const(300.0))
            p = [add('Mul', const(300.0)), add('Mul', const(1 / 90000))]
            add('Add', const(1.0))
        elif kind == 'exp':
            start(); add('Mul', const(13.0))
            p = [add('Exp'), add('Mul', const(1e-6))]
            add('Add', const(10.0)); add('Mul', const(0.1))
        elif kind == 'softmax':  # the sum by each exp (1 / softmax): a sum made Inf is Inf, not a 0 absorbed
            start(); add('Add', const(11.0))
            e = add('Exp'); s = add('ReduceSum', 'axes1', keepdims=1); d = node('Div', [s, e])
            add('Mul', const(0.08 / W)); add('Add', const(1.0))
            p = [e, s, d]
        elif kind == 'variance':
            s = start(); scaled = add('Mul', const(300.0)); sq = node('Mul', [scaled, scaled])
            mean = add('ReduceMean', axes=[1], keepdims=1); rms = add('Sqrt')
            add('Mul', const(1 / 300)); node('Add', [cur[0], s])
            p = [sq, mean, rms]
        else:  # accumulate: 18000-22000 each, summed over the row past 65504, brought back to about s
            s = start(); add('Mul', const(20000.0))
            total = add('ReduceSum', 'axes1', keepdims=1); scale = add('Mul', const(1 / (25000 * W)))
            node('Add', [scale, s])
            p = [total, scale]
        return p
    add('MatMul', 'eye')
    traps = sorted(rng.sample(range(max(len(kinds), length - 5 * len(kinds))), len(kinds)))
    i = 0
    while len(nodes) < length or len(planted) < sum(3 if k in ('softmax', 'variance') else 2 for k in kinds):
        if i in traps:
            planted += trap(kinds[traps.index(i)])
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
    initializers.append(numpy_helper.from_array(np.array([1], np.int64), 'axes1'))
    graph = helper.make_graph(nodes, f'planted-{g}', [helper.make_tensor_value_info('x', TensorProto.FLOAT, [64, 64])],
                              [helper.make_tensor_value_info('y', TensorProto.FLOAT, [64, 64])], initializers)
    onnx.save(helper.make_model(graph, ir_version=8, opset_imports=[helper.make_opsetid('', 17)]), f'{work}/g{g}.onnx')
    json.dump(planted, open(f'{work}/g{g}.planted.json', 'w'))
# Graph 3: the overflow inside an If branch. z = 13 (0.1 v + 0.8) in [11.7, 14.3]; its mean > 0 picks the then
# branch, Exp(z) (e^11.7 = 120000, past 65504) by 1e-6; the else branch halves z. Both of the branch's nodes stay
# FP32 (kept, the product still reads the Exp cast to FP16 otherwise). The first-divergence pass marks the main
# graph only: it opens at the If.
def graph_node(op, inputs, name, **attrs):
    return helper.make_node(op, inputs, [name], name=name, **attrs)
def branch(name, nodes, out):
    return helper.make_graph(nodes, name, [], [helper.make_tensor_value_info(out, TensorProto.FLOAT, [64, 64])])
then = branch('then', [graph_node('Exp', ['z'], 't_exp'), graph_node('Mul', ['t_exp', 'tiny'], 't_out')], 't_out')
other = branch('else', [graph_node('Mul', ['z', 'half'], 'e_out')], 'e_out')
nodes = [
    graph_node('MatMul', ['x', 'eye'], 'n0_matmul'), graph_node('Relu', ['n0_matmul'], 'n1_relu'),
    graph_node('Mul', ['n1_relu', 'tenth'], 'n2_mul'), graph_node('Add', ['n2_mul', 'eight'], 'n3_add'),
    graph_node('Mul', ['n3_add', 'thirteen'], 'z'),
    graph_node('ReduceMean', ['z'], 'mean', axes=[0, 1], keepdims=0),
    graph_node('Greater', ['mean', 'zero'], 'positive'),
    graph_node('If', ['positive'], 'n7_if', then_branch=then, else_branch=other),
    graph_node('Add', ['n7_if', 'ten'], 'y'),
]
values = {'tenth': 0.1, 'eight': 0.8, 'thirteen': 13.0, 'zero': 0.0, 'tiny': 1e-6, 'half': 0.5, 'ten': 10.0}
initializers = [numpy_helper.from_array(np.array([v], np.float32), n) for n, v in values.items()]
initializers.append(numpy_helper.from_array(np.eye(64, dtype=np.float32), 'eye'))
graph = helper.make_graph(nodes, 'planted-3', [helper.make_tensor_value_info('x', TensorProto.FLOAT, [64, 64])],
                          [helper.make_tensor_value_info('y', TensorProto.FLOAT, [64, 64])], initializers)
onnx.save(helper.make_model(graph, ir_version=8, opset_imports=[helper.make_opsetid('', 17)]), f'{work}/g3.onnx')
json.dump(['t_exp', 't_out'], open(f'{work}/g3.planted.json', 'w'))
json.dump('n7_if', open(f'{work}/g3.opens.json', 'w'))
PY
# One stand-in process keeps torch loaded for every build and run of the search (test/gpu/trtexec_gpu.py serve):
# each call through it costs its GPU work, not 8 s of importing torch.
export GPU_STANDIN_SOCKET=$work/gpu-standin.sock
python3 "$root/test/gpu/trtexec_gpu.py" serve "$GPU_STANDIN_SOCKET" > "$work/gpu-standin-server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 1 600); do [[ -S $GPU_STANDIN_SOCKET ]] && break; sleep 0.1; done
results=()
# GRAPHS picks which of the four run (default all): each price run adds an A/B of 16 timed runs.
for g in ${GRAPHS:-0 1 2 3}; do
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
  started=$SECONDS
  GPU_STANDIN_HOLD_S=0 timeout "${GRAPH_TIMEOUT_S:-400}" node "$root/dist/cli.js" precision --config "$work/g$g.yml" \
    --json --max-builds 60 > "$work/g$g.search.json" 2> "$work/g$g.search.log"
  rc=$?
  echo "{\"rc\": $rc, \"seconds\": $((SECONDS - started))}" > "$work/g$g.time.json"
  echo "graph $g: rc=$rc $(tail -n 2 "$work/g$g.search.log" | tr '\n' ' ')"
done
# Every log of every candidate beside the JSON: a failed check is read from what trtexec said.
tar czf "$out/precision-logs.tgz" -C "$work" --exclude='*.plan' --exclude='*.engine' . 2>/dev/null
node - "$work" "$out" "${GRAPHS:-0 1 2 3}" <<'JS'
const [work, out, picked] = process.argv.slice(2);
const fs = require('node:fs');
const graphs = picked.split(' ').map(Number).map((g) => {
  const planted = JSON.parse(fs.readFileSync(`${work}/g${g}.planted.json`, 'utf8'));
  let search = null;
  try { search = JSON.parse(fs.readFileSync(`${work}/g${g}.search.json`, 'utf8')); } catch {}
  const keep = search?.keep ?? null;
  const time = JSON.parse(fs.readFileSync(`${work}/g${g}.time.json`, 'utf8'));
  // Where the first-divergence pass must open: the first planted node, or for a branch's nodes the If.
  const opens = fs.existsSync(`${work}/g${g}.opens.json`)
    ? JSON.parse(fs.readFileSync(`${work}/g${g}.opens.json`, 'utf8'))
    : planted[0];
  const R = search?.candidates.length ?? 0;
  const k = planted.length;
  return { graph: g, planted, keep, outcome: search?.outcome ?? 'no answer', candidates: R, ...time,
    builds: search?.trials.length ?? null, bound: 2 * k * Math.ceil(Math.log2(Math.max(R, 2))) + 2,
    exact: !!keep && keep.length === k && planted.every((p) => keep.includes(p)),
    // All-FP16's first-divergence pass (its marked build on the GPU): the first planted node, in graph order.
    divergence: search?.divergence ?? null,
    divergenceRight: search?.divergence?.status === 'found' && search.divergence.node === opens,
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
