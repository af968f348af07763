// `npm run mutants`: plants one-character bugs at the decision edges (a threshold, a rule, an escape) and
// checks that a test fails on each. A mutant the suite lets live is a decision edge no test pins.
// Each mutant changes one line of one file and runs the test named for it; one that lives there is run
// against every test file that reaches its module (`vitest related`), and only one that lives there too is a
// survivor. The file is put back whatever happens (also on Ctrl-C). A few minutes for the list: weekly in
// .github/workflows/mutants.yml, not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** file, the exact text, what it becomes, the test file and name filter that must fail. */
const MUTANTS = [
  ['src/latency/verdict.ts', 'result.ratio >= 1 + budget', 'result.ratio >= 1 + budget / 2', 'latency', 'edges'],
  ['src/latency/verdict.ts', 'result.ratio >= 1 + budget', 'result.ratio > 1 + budget', 'latency', 'edges'],
  ['src/latency/verdict.ts', 'result.ratio <= 1 - budget', 'result.ratio < 1 - budget', 'latency', 'edges'],
  ['src/latency/verdict.ts', 'result.ratio <= 1 - budget', 'result.ratio <= 1 - budget / 2', 'latency', 'edges'],
  ['src/latency/verdict.ts', 'ci[0] > 1 - budget && result', 'ci[0] > 1 - budget || result', 'latency', 'edges'],
  ['src/common/markdown-text.ts', '[\\\\`*_[\\]<>|!~&$]', '[\\\\`*_[\\]<>!~&$]', 'report-markdown', 'hostile'],
  ['src/compare/evaluate.ts', 'if (value > threshold.value) {', 'if (value >= threshold.value) {', 'budgets', ''],
  ['src/compare/evaluate.ts', 'value >= threshold.value) {', 'value > threshold.value) {', 'budgets', ''],
  ['src/compare/evaluate.ts', "'latency-growth' && level", "'latency-growth' || level", 'budgets', ''],
  ['src/cache/trust.ts', 'return !trust.defaultBranch;', 'return trust.defaultBranch;', 'cache-trust', ''],
  [
    'src/cache/trust.ts',
    "if (trust.trust === 'any') return true;",
    "if (trust.trust !== 'any') return true;",
    'cache-trust',
    '',
  ],
  ['src/cache/trust.ts', 'if (!signature) return false;', 'if (!signature) return true;', 'cache-trust', ''],
  ['src/cache/trust.ts', '!== null || !trust.publicKey ||', '!== null && !trust.publicKey ||', 'cache', ''],
  // Issue 35's edges: a target that will not load fails the run; a cancel is never passed; a TensorRT prefix
  // is matched at a dot; a value no measurement has is skipped; a change within noise has no share.
  ['src/compare/status.ts', "(r) => r.verdict === 'fails'", "(r) => r.verdict !== 'fails'", 'action-policy', ''],
  ['src/compare/status.ts', 'report.interrupted ? [', 'report.interrupted === undefined ? [', 'action-policy', ''],
  [
    'src/tensorrt/deploy-rules.ts',
    // "startsWith(`${version}.`)", spelled so that it is not read as a template here.
    'startsWith(`$' + '{version}.`)',
    'startsWith(version)',
    'deploy',
    'only on the target',
  ],
  ['src/contract/history.ts', ".max(1e15, 'expected", ".max(1e309, 'expected", 'history', 'a line each'],
  ['src/report/parts/explain.ts', 'if (r.significant === false)', 'if (r.significant === true)', 'explain', 'sums'],
  // Issue 50's edges: a registry cache with a public key serves only what it verifies; a record must name its
  // blob's digest; the region search's second level has only what the first left of the budget; a
  // version-compatible plan loads on its own release; every @ in a cell is inert; an unmeasured figure is said.
  [
    'src/run/open-run.ts',
    'registry.cache && !trust.publicKey',
    'registry.cache && trust.publicKey',
    'registry-cache',
    '',
  ],
  [
    'src/cache/registry-cache.ts',
    '`sha256:$' + '{record.sha256}` !== planLayer.digest ||',
    '`sha256:$' + '{record.sha256}` === planLayer.digest &&',
    'registry-cache',
    'record',
  ],
  ['src/accuracy/keep-search.ts', 'left() + free,', 'left() + free + 1,', 'keep-search', 'budget'],
  ['src/tensorrt/deploy-rules.ts', '(!ownRelease && compare(', '(ownRelease && compare(', 'deploy', 'own exact'],
  ['src/common/markdown-text.ts', '.replace(/@/g, `@', '.replace(/@@/g, `@', 'report-markdown', 'inert'],
  [
    'src/builds/build-stage.ts',
    'peakGpuMemoryMiB: peak === 0 ? null',
    'peakGpuMemoryMiB: peak < 0 ? null',
    'build.e2e',
    'not measured',
  ],
  [
    'src/compare/evaluate.ts',
    "status = metric === 'latency-growth' &&",
    "status = metric !== 'latency-growth' &&",
    'budgets',
    'measured',
  ],
  // Issue 51's: what gives a registry up.
  [
    'src/cache/registry-breaker.ts',
    'this.inARow >= FAILURES_IN_A_ROW',
    'this.inARow > FAILURES_IN_A_ROW',
    'registry-breaker',
    '',
  ],
  [
    'src/cache/registry-breaker.ts',
    'if (status !== 429 && status < 500)',
    'if (status !== 429 && status <= 500)',
    'registry-breaker',
    '',
  ],
  [
    'src/cache/registry-breaker.ts',
    'this.waitedMs >= this.budgetMs',
    'this.waitedMs > this.budgetMs',
    'registry-breaker',
    '',
  ],
  [
    'src/cache/oci-client.ts',
    'const own = new URL(url).origin === this.origin;',
    'const own = true;',
    'oci-client',
    'realm only',
  ],
  // Issue 52's: a constant FP16 cannot hold keeps its reader FP32, from where it rounds to Inf.
  [
    'src/onnx/graph.ts',
    'Math.abs(v) >= NARROW_OVERFLOW[narrow]',
    'Math.abs(v) > NARROW_OVERFLOW[narrow]',
    'written-onnx-check',
    'edge',
  ],
  ['src/onnx/graph.ts', '{ fp16: 65520,', '{ fp16: 65504,', 'written-onnx-check', 'edge'],
  // Issue 52's search: a candidate with no verdict is not a pass; nodes inside If and Loop bodies are candidates.
  [
    'src/accuracy/precision-search.ts',
    'if (unbuilt) return { passed: false,',
    'if (unbuilt) return { passed: true,',
    'keep-fp32',
    'no verdict',
  ],
  [
    'src/accuracy/precision-search.ts',
    '...narrowed.filter((n) => !main.has(n))]',
    '...narrowed.filter((n) => !main.has(n) && !n)]',
    'keep-fp32',
    'If branch',
  ],
  // Issue 57's survivors, each a rule with two sides where the tests checked one: eviction exactly at
  // cache-max-size (folder and registry), a kept reference or timing cache served without its signature checked,
  // deploy-check failing on a warning, the region search handing its second level less than the first left.
  [
    'src/cache/engine-cache.ts',
    'if (total <= this.maxBytes) break;',
    'if (total < this.maxBytes) break;',
    'cache-eviction',
    '',
  ],
  ['src/cache/registry-cache.ts', 'total > limits.maxBytes;', 'total >= limits.maxBytes;', 'cache-eviction', ''],
  [
    'src/cache/signed-file.ts',
    'return mayServe(trust, kind, basename(file), sha256Of(content), signature?.trim()) ? content : null;',
    'return content;',
    'cache-trust',
    '',
  ],
  [
    'src/cli/commands/deploy-check.ts',
    "e.targets.some((t) => t.verdict === 'fails')",
    "e.targets.some((t) => t.verdict !== 'loads')",
    'deploy',
    'loads with a warning',
  ],
  ['src/accuracy/keep-search.ts', 'left() + free,', 'left(),', 'keep-search', 'whole budget'],
  // A check in the registry that no judge answers.
  [
    'src/contract/checks.ts',
    '} as const satisfies Record<string, CheckSpec>;',
    "  unjudged: { source: 'host', looksAt: 'x', judges: 'y' },\n} as const satisfies Record<string, CheckSpec>;",
    'preflight',
    'passes every check',
  ],
];

/** Whether a vitest run with these arguments fails (the mutant is killed). */
const vitest = (args) =>
  spawnSync('npx', ['vitest', ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } }).status !== 0;

const only = process.argv[2];
let lived = 0;
for (const [file, from, to, test, name] of MUTANTS) {
  if (only && !file.includes(only)) continue;
  const original = readFileSync(file, 'utf8');
  const at = original.indexOf(from);
  if (at === -1 || original.indexOf(from, at + 1) !== -1) {
    console.log(`? ${file}: "${from}" is not there once: the mutant list is stale`);
    lived += 1;
    continue;
  }
  const restore = () => writeFileSync(file, original);
  process.once('SIGINT', restore);
  try {
    writeFileSync(file, original.slice(0, at) + to + original.slice(at + from.length));
    const named = vitest(['run', `test/${test}.test.ts`, ...(name ? ['-t', name] : [])]);
    // Lived in its named test: every test file that reaches the module gets its chance before it is a survivor.
    const killed = named || vitest(['related', file, '--run', '--bail=1']);
    if (!killed) lived += 1;
    const by = named ? `test/${test}.test.ts${name && ` -t ${name}`}` : 'the test files that reach it';
    console.log(`${killed ? 'killed' : 'LIVED '}  ${file}: ${from} → ${to}  (${by})`);
  } finally {
    restore();
    process.removeListener('SIGINT', restore);
  }
}
console.log(lived === 0 ? 'every mutant was killed' : `${lived} mutant(s) lived`);
process.exitCode = lived === 0 ? 0 : 1;
