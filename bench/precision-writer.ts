// npm run bench: the FP16 writer (src/onnx/mixed-precision.ts) and its ONNX Runtime check
// (src/builds/written-onnx-check.ts) at scale, each in a child process (bench/precision-writer-child.ts) for its
// own peak RSS. A chain of 100,000 nodes written and checked in under 60 s; chains of 5,000, 10,000 and 20,000
// written and checked, the time per node alike at each size (linear); a 1 GiB initializer written, and written
// and checked, each under 3 GiB of peak RSS.
// A failure sets the exit status.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import { plantedChainOnnx } from '../test/support/onnx-models.js';

const { onnx } = onnxProto;
const dir = mkdtempSync(join(tmpdir(), 'trt-ci-bench-writer-'));

function child(file: string, check: boolean, shape: string) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'precision-writer-child.ts'), file, check ? 'check' : '-', shape],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (run.status !== 0) throw new Error(`the child failed: ${run.stderr.slice(-2000)}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
    nodes: number;
    ms: number;
    status: string | null;
    maxRssKiB: number;
  };
}

let failed = false;
const report = (ok: boolean, line: string) => {
  failed ||= !ok;
  console.log(`${ok ? 'ok' : 'FAILED'}: ${line}`);
};
const chain = (length: number) => {
  const file = join(dir, `chain-${length}.onnx`);
  writeFileSync(file, plantedChainOnnx(7, length, 0).model);
  return file;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
// As a build does it: written, saved and checked; 100,000 nodes, then 5,000, 10,000 and 20,000 (their growth).
const hundred = child(chain(100_000), true, '1x4');
report(
  hundred.status === 'agrees' && hundred.ms < 60_000,
  `${hundred.nodes} nodes written and checked in ${seconds(hundred.ms)} (${hundred.status}, under 60 s), ` +
    `peak RSS ${(hundred.maxRssKiB / 1024).toFixed(0)} MiB`,
);
const perNode: number[] = [];
for (const length of [5_000, 10_000, 20_000]) {
  const r = child(chain(length), true, '1x4');
  perNode.push(r.ms / r.nodes);
  report(
    r.status === 'agrees',
    `${r.nodes} nodes written and checked in ${seconds(r.ms)} (${r.status}), ` +
      `${((1000 * r.ms) / r.nodes).toFixed(0)} µs a node, peak RSS ${(r.maxRssKiB / 1024).toFixed(0)} MiB`,
  );
}
// Linear: the time per node at 20,000 within 1.5x of that at 5,000 (quadratic would be 4x).
const growth = perNode.at(-1)! / perNode[0]!;
report(growth < 1.5, `written and checked, time per node at 20,000 / at 5,000 = ${growth.toFixed(2)}`);

// One MatMul by a 16384 x 16384 FP32 weight: 1 GiB of initializer, written as 512 MiB of FP16.
const side = 16_384;
const weight = new Float32Array(side * side).fill(0.5);
const graph = onnx.GraphProto.create({
  name: 'one-gib',
  node: [onnx.NodeProto.create({ opType: 'MatMul', name: 'mm', input: ['x', 'w'], output: ['y'] })],
  initializer: [
    onnx.TensorProto.create({
      name: 'w',
      dims: [side, side],
      dataType: onnx.TensorProto.DataType.FLOAT,
      rawData: new Uint8Array(weight.buffer),
    }),
  ],
  input: [valueInfo('x', [1, side])],
  output: [valueInfo('y', [1, side])],
});
const big = join(dir, 'one-gib.onnx');
writeFileSync(
  big,
  onnx.ModelProto.encode(onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ version: 17 }], graph })).finish(),
);
const gib = (kib: number) => `${(kib / 1024 / 1024).toFixed(2)} GiB`;
const alone = child(big, false, `1x${side}`);
report(
  alone.maxRssKiB < 3 * 1024 * 1024,
  `a 1 GiB initializer written in ${seconds(alone.ms)}, peak RSS ${gib(alone.maxRssKiB)} (under 3 GiB)`,
);
const checked = child(big, true, `1x${side}`);
report(
  checked.status === 'agrees' && checked.maxRssKiB < 3 * 1024 * 1024,
  `a 1 GiB initializer written, saved and checked in ${seconds(checked.ms)} (${checked.status}), peak RSS ` +
    `${gib(checked.maxRssKiB)} (under 3 GiB)`,
);
if (failed) process.exitCode = 1;

function valueInfo(name: string, dims: number[]) {
  return onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: { elemType: onnx.TensorProto.DataType.FLOAT, shape: { dim: dims.map((d) => ({ dimValue: d })) } },
    },
  });
}
