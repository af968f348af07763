// npm run bench: 2,185 mutated logs through the streaming parser, as the adversarial probe fed it: each
// real log in test/fixtures/trtexec-logs cut, byte-flipped, spliced, stuffed with \r, NUL, 64 KiB lines
// and invalid UTF-8. Goal: no exception and a verdict for every log.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LineSplitter } from '../src/proc/lines.js';
import { TrtexecLogParser } from '../src/tensorrt/log-parser.js';

const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'trtexec-logs');
const logs = readdirSync(dir).map((name) => readFileSync(join(dir, name)));
const CASES = 2185;

// A seeded generator: the same 2,185 cases on every run.
let seed = 0x2185;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
const at = (log: Buffer) => Math.floor(random() * log.length);

const MUTATIONS: Record<string, (log: Buffer) => Buffer> = {
  cut: (log) => log.subarray(0, at(log)),
  flip: (log) => {
    const copy = Buffer.from(log);
    for (let i = 0; i < 1 + random() * 64; i += 1) copy[at(copy)] = Math.floor(random() * 256);
    return copy;
  },
  splice: (log) => Buffer.concat([log.subarray(0, at(log)), pick(logs).subarray(at(pick(logs)))]),
  carriageReturns: (log) => Buffer.from(log.toString('latin1').replace(/\n/g, () => (random() < 0.5 ? '\r' : '\r\n'))),
  nul: (log) => Buffer.concat([log.subarray(0, at(log)), Buffer.alloc(4096), log.subarray(at(log))]),
  longLine: (log) => {
    const line = Buffer.from(`[E] [TRT] ModelImporter.cpp: ${'x'.repeat(64 * 1024)} Serialization assertion `);
    return Buffer.concat([log.subarray(0, at(log)), line, log.subarray(at(log))]);
  },
  badUtf8: (log) => Buffer.concat([log.subarray(0, at(log)), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), log]),
  repeatLines: (log) =>
    Buffer.from(
      log
        .toString('latin1')
        .split('\n')
        .flatMap((l) => (random() < 0.2 ? [l, l, l] : [l]))
        .join('\n'),
    ),
};

let thrown = 0;
let verdicts = 0;
let totalMs = 0;
let totalBytes = 0;
const counts: Record<string, number> = {};
for (let i = 0; i < CASES; i += 1) {
  const name = pick(Object.keys(MUTATIONS));
  counts[name] = (counts[name] ?? 0) + 1;
  const log = MUTATIONS[name]!(pick(logs));
  const start = performance.now();
  try {
    const parser = new TrtexecLogParser();
    const lines = new LineSplitter((line) => parser.push(line));
    for (let offset = 0; offset < log.length; offset += 65536) lines.push(log.subarray(offset, offset + 65536));
    lines.end();
    const result = parser.result({ exitCode: random() < 0.5 ? 1 : null });
    if (result) verdicts += 1;
  } catch (error) {
    thrown += 1;
    if (thrown <= 3) console.log(`  ${name}: ${String(error)}`);
  }
  totalMs += performance.now() - start;
  totalBytes += log.length;
}
console.log(
  `\nmutated logs: ${CASES} cases (${Object.entries(counts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')})`,
);
console.log(
  `  exceptions ${thrown}, verdicts ${verdicts}/${CASES}, ` +
    `${(totalBytes / 1024 / 1024).toFixed(0)} MiB in ${(totalMs / 1000).toFixed(1)} s`,
);
console.log(`  goal: 0 exceptions, ${CASES} verdicts`);
