// npm run bench: the config check's read of a model's inputs (trt-ci.yml is checked on every command) on a
// 512 MiB model: read at offsets, skipping the weights, against reading the whole file (what it did first).
// Goal: the offsets read costs well under a hundredth of the whole read, and both find the same inputs.
import { closeSync, fstatSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import { fileSource, onnxInputs } from '../src/onnx/inputs.js';
const { onnx } = onnxProto;
const big = new Uint8Array(512 * 1024 * 1024);
const graph = onnx.GraphProto.create({
  name: 'g',
  initializer: [onnx.TensorProto.create({ name: 'w', dims: [big.length / 4], dataType: 1, rawData: big })],
  input: [
    onnx.ValueInfoProto.create({
      name: 'x',
      type: { tensorType: { elemType: 1, shape: { dim: [{ dimParam: 'b' }, { dimValue: 3 }] } } },
    }),
  ],
});
const file = join(tmpdir(), `trt-ci-bench-${process.pid}.onnx`);
writeFileSync(file, onnx.ModelProto.encode(onnx.ModelProto.create({ irVersion: 8, graph })).finish());
console.log('\nONNX inputs of a 512 MiB model (the config check)');
for (const r of [1, 2, 3]) {
  let t = performance.now();
  const whole = onnxInputs(readFileSync(file));
  const wholeMs = performance.now() - t;
  t = performance.now();
  const fd = openSync(file, 'r');
  const part = onnxInputs(fileSource(fd, fstatSync(fd).size, (f, b, at) => readSync(f, b, 0, b.length, at)));
  closeSync(fd);
  console.log(
    `  run ${r}: whole file`,
    wholeMs.toFixed(1),
    'ms; at offsets',
    (performance.now() - t).toFixed(2),
    'ms',
    JSON.stringify(whole) === JSON.stringify(part),
  );
}
rmSync(file);
