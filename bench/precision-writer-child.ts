// Child of bench/precision-writer.ts: writes one model's FP16 ONNX (and, with "check", runs the written-ONNX check
// of ONNX Runtime on both), in its own process so that its peak RSS is its own. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { checkWrittenOnnx } from '../src/builds/written-onnx-check.js';
import type { ModelConfig } from '../src/contract/config.js';
import { mixedPrecisionOnnx } from '../src/tensorrt/mixed-precision-onnx.js';
import { loadOnnxRuntime } from '../src/tensorrt/onnx-runtime.js';

const [file, check, shape] = process.argv.slice(2) as [string, string, string];
const model = readFileSync(file);
const started = performance.now();
const written = mixedPrecisionOnnx(model, { narrow: 'fp16', keep: new Set() });
const writeMs = performance.now() - started;
let checkMs: number | null = null;
let status: string | null = null;
if (check === 'check') {
  const checking = performance.now();
  const dims = shape.split('x').map(Number);
  const profile = { name: 'p', shapes: [{ input: 'x', min: dims, opt: dims, max: dims }] };
  const config = { name: 'm', onnx: file, profiles: [profile], accuracy: null } as unknown as ModelConfig;
  const types = new Map([['x', 'float32']]);
  const result = await checkWrittenOnnx(config, model, written.model, types, loadOnnxRuntime);
  checkMs = performance.now() - checking;
  status = `${result.status}${result.reason ? `: ${result.reason.slice(0, 200)}` : ''}`;
}
const nodes = written.nodes.length;
console.log(JSON.stringify({ nodes, writeMs, checkMs, status, maxRssKiB: process.resourceUsage().maxRSS }));
