// Child of bench/precision-writer.ts: writes one model's FP16 ONNX (the writer alone), or with "check" writes it as
// a build does (builds/precision-onnx.ts: written, saved, and checked by ONNX Runtime against the model), in its
// own process so that its peak RSS is its own. Prints one JSON line.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePrecisionOnnx } from '../src/builds/precision-onnx.js';
import type { ModelConfig } from '../src/contract/config.js';
import { mixedPrecisionOnnx } from '../src/onnx/mixed-precision.js';

const [file, check, shape] = process.argv.slice(2) as [string, string, string];
const started = performance.now();
let nodes: number;
let status: string | null = null;
if (check === 'check') {
  const dims = shape.split('x').map(Number);
  const profile = { name: 'p', shapes: [{ input: 'x', min: dims, opt: dims, max: dims }] };
  const config = { name: 'm', onnx: file, precision: 'fp16', keepFp32: [], profiles: [profile], accuracy: null };
  const written = await writePrecisionOnnx(
    config as unknown as ModelConfig,
    mkdtempSync(join(tmpdir(), 'trt-ci-bench-written-')),
  );
  nodes = written.fp16Nodes + written.fp32Nodes;
  status = `${written.check.status}${written.check.reason ? `: ${written.check.reason.slice(0, 200)}` : ''}`;
} else nodes = mixedPrecisionOnnx(readFileSync(file), { narrow: 'fp16', keep: new Set() }).nodes.length;
const ms = performance.now() - started;
console.log(JSON.stringify({ nodes, ms, status, maxRssKiB: process.resourceUsage().maxRSS }));
