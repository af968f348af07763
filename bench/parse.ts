// npm run bench: the log parser on hostile lines. A 6.5 MB log of 64 KiB lines that repeat the prefixes
// of the failure patterns (ModelImporter.cpp, Serialization assertion) against the same size of [E] lines
// of ordinary length (about 100 bytes). Goal: within 2x (every pattern is linear in the line).
import { LineSplitter } from '../src/proc/lines.js';
import { TrtexecLogParser } from '../src/tensorrt/log-parser.js';

const TOTAL = 6.5 * 1024 * 1024;
const REPEATS = 5;
const long = (seed: string) => `[E] [TRT] ${seed.repeat(Math.ceil((64 * 1024) / seed.length)).slice(0, 64 * 1024)}\n`;
const hostile = Buffer.from(
  Array.from({ length: Math.round(TOTAL / (64 * 1024)) }, (_, i) =>
    long(i % 2 ? 'ModelImporter.cpp: while parsing ' : 'Serialization assertion x == y '),
  ).join(''),
);
// The same kind of line ([E], so the same patterns run), only of ordinary length.
const ordinaryLine = '[11/30/2026-03:00:00] [E] [TRT] ModelImporter.cpp: while parsing node 12 of the graph, x\n';
const ordinary = Buffer.from(ordinaryLine.repeat(Math.round(hostile.length / ordinaryLine.length)));

function parseMs(log: Buffer): number {
  const start = performance.now();
  const parser = new TrtexecLogParser();
  const lines = new LineSplitter((line) => parser.push(line));
  for (let at = 0; at < log.length; at += 1024 * 1024) lines.push(log.subarray(at, at + 1024 * 1024));
  lines.end();
  parser.result({ exitCode: 1 });
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const long64: number[] = [];
const short: number[] = [];
for (let r = 0; r < REPEATS; r += 1) {
  long64.push(parseMs(hostile));
  short.push(parseMs(ordinary));
}
console.log(`\nlog parser, ${(hostile.length / 1024 / 1024).toFixed(1)} MiB each (median of ${REPEATS}, interleaved)`);
console.log(`  64 KiB lines repeating failure prefixes: ${median(long64).toFixed(0)} ms`);
console.log(`  ordinary 100-byte lines:                  ${median(short).toFixed(0)} ms`);
console.log(`  ratio ${(median(long64) / median(short)).toFixed(2)} (goal: at most 2)`);
