// Where a failing engine's error first appears: the marked ONNX (ONNX Runtime returns every marked tensor),
// the pure ranking at its edges, and the pass end to end through the stand-in on TensorRT 10 and 11, whose
// FP16 is real arithmetic (Cast pairs under ONNX Runtime): log(sum(exp(x))) overflows first at exp.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-web';
import { describe, expect, it } from 'vitest';
import { findFirstDivergence } from '../src/accuracy/divergence.js';
import { EVERY_NODE_UP_TO, firstDivergence, tensorsToMark } from '../src/accuracy/first-divergence.js';
import type { BuildOutcome } from '../src/builds/outcome.js';
import type { StageContext } from '../src/builds/stage-context.js';
import type { AccuracyOutput } from '../src/contract/report.js';
import { markOutputs } from '../src/onnx/marked.js';
import type { EngineLayer } from '../src/tensorrt/layer-info.js';
import { mixedPrecisionOnnx, type NodePrecision } from '../src/onnx/mixed-precision.js';
import { cli, makeRunner } from './support/harness.js';
import { logSumExpOnnx, plantedChainOnnx } from './support/onnx-models.js';

const node = (name: string, outputs = [name]): NodePrecision => ({
  node: name,
  op: 'Mul',
  graph: 'g',
  precision: 'fp16',
  reason: 'narrowed',
  floatOutputs: outputs,
});

const judged = (name: string, failure: string | null, outOfTolerance = failure ? 1 : 0): AccuracyOutput => ({
  shape: 'opt',
  at: null,
  name,
  maxAbsError: 1,
  maxRelError: 1,
  outOfTolerance,
  cosine: 1,
  nan: 0,
  inf: failure ? 4 : 0,
  atol: 1e-3,
  rtol: 1e-3,
  judgedBy: 'trt-ci',
  failure,
  topK: null,
});

describe('markOutputs', () => {
  it('makes every chosen tensor an output ONNX Runtime returns, each once, the model otherwise unchanged', async () => {
    const model = Buffer.from(logSumExpOnnx());
    const marked = markOutputs(model, ['exp', 'sum', 'log', 'y', 'exp']);
    const session = await ort.InferenceSession.create(marked);
    expect([...session.outputNames].sort()).toEqual(['exp', 'log', 'sum', 'y']);
    const x = Float32Array.from({ length: 16 }, (_, i) => 1 + i / 16);
    const out = await session.run({ x: new ort.Tensor('float32', x, [1, 16]) });
    const sum = x.reduce((s, v) => s + Math.exp(v), 0);
    expect((out.sum!.data as Float32Array)[0]).toBeCloseTo(sum, 2);
    expect((out.y!.data as Float32Array)[0]).toBeCloseTo(0.5 * Math.log(sum), 5);
    expect(markOutputs(model, [])).toEqual(model);
  });
});

describe('tensorsToMark', () => {
  const layer = (onnxNodes: string[]): EngineLayer => ({
    name: onnxNodes.join(' + '),
    type: 'x',
    onnxNodes,
    reformatOf: null,
    precisions: [],
    formats: [],
    tactic: null,
    weightBytes: 0,
    auxiliaryStream: false,
  });
  const chain = (n: number) => Array.from({ length: n }, (_, i) => node(`n${i}`));

  it(`marks every node's float outputs up to ${EVERY_NODE_UP_TO} nodes, layer ends above it`, () => {
    const layers = [layer(['n0', 'n1', 'n2']), layer(['n4', 'n3']), layer([])];
    expect(tensorsToMark(chain(EVERY_NODE_UP_TO), layers)).toHaveLength(EVERY_NODE_UP_TO);
    // One node more: only the last node of each layer (fusions stay whole), in graph order.
    expect(tensorsToMark(chain(EVERY_NODE_UP_TO + 1), layers)).toEqual(['n2', 'n4']);
    // Without layer info a large graph is still marked whole rather than not at all.
    expect(tensorsToMark(chain(EVERY_NODE_UP_TO + 1), null)).toHaveLength(EVERY_NODE_UP_TO + 1);
  });

  it('marks only float outputs (an int64 shape output is not a tensor to compare)', () => {
    expect(tensorsToMark([node('a', ['a0']), { ...node('shape'), floatOutputs: [] }], null)).toEqual(['a0']);
  });
});

describe('firstDivergence', () => {
  const nodes = [node('a'), node('b'), node('c'), node('d')];

  it('names the first node in graph order that fails, not the one with the largest error', () => {
    const result = firstDivergence(
      nodes,
      [judged('d', 'out', 1), judged('a', null), judged('c', 'out', 1), judged('b', 'out', 0.2), judged('y', 'out')],
      ['y'],
      'opt',
    );
    expect(result).toMatchObject({ status: 'found', node: 'b', tensor: 'b', computes: 'fp16', marked: 4 });
    expect(result.error).toMatchObject({ outOfTolerance: 0.2, inf: 4 });
    expect(result.downstream).toEqual({ marked: 2, failing: 2 });
    expect(result.outputsFailing).toEqual(['y']);
    // Every node marked: it starts at b itself.
    expect(result.span).toEqual(['b']);
  });

  it('with only layer ends marked, says the nodes it starts among: after the last one within tolerance', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => node(n));
    // Marked: b (passes), e (fails), f (fails): it starts in c, d or e.
    const result = firstDivergence(six, [judged('b', null), judged('e', 'out'), judged('f', 'out')], ['f'], 'opt');
    expect(result).toMatchObject({ status: 'found', node: 'e', span: ['c', 'd', 'e'] });
    // Nothing marked before the failing end: from the first node on.
    expect(firstDivergence(six, [judged('c', 'out')], ['f'], 'opt').span).toEqual(['a', 'b', 'c']);
  });

  it('says the marked engine passes when no marked tensor fails', () => {
    const result = firstDivergence(
      nodes,
      nodes.map((n) => judged(n.node, null)),
      ['d'],
      'max',
    );
    expect(result).toMatchObject({ status: 'marked-passes', node: null, shape: 'max', marked: 4 });
    expect(result.outputsFailing).toEqual([]);
  });

  it('says a node computes in FP32 and why', () => {
    const kept = [{ ...node('a'), precision: 'fp32' as const, reason: 'kept' as const }];
    expect(firstDivergence(kept, [judged('a', 'out')], [], 'opt').computes).toBe('fp32 (kept)');
  });
});

describe('findFirstDivergence', () => {
  it('a failure by top-k alone is said, not searched: judged without top-k, the marked engine passes', async () => {
    const topKOnly = { ...judged('y', 'top-5 classes differ in 2 of 8 rows', 0), inf: 0, cosine: 0.99999 };
    const outcome = {
      job: { model: { name: 'm', accuracy: { cosine: 0.999 } }, profile: { name: 'p' } },
    } as unknown as BuildOutcome;
    const context = {
      config: { outputDir: mkdtempSync(join(tmpdir(), 'trt-ci-divergence-')) },
    } as unknown as StageContext;
    const checked = {
      status: 'failed' as const,
      outputs: [topKOnly],
      problem: null,
      configPosition: null,
      divergence: null,
    };
    let built = 0;
    const result = await findFirstDivergence(outcome, checked, context, async () => {
      built++;
      return checked;
    });
    expect(result).toMatchObject({ status: 'error', node: null });
    expect(result.problem).toMatch(/failed by top-k alone/);
    expect(built).toBe(0);
    // The same output below the cosine floor fails beyond top-k: the pass goes on (and here, with no model
    // file, says why it stopped).
    const belowCosine = { ...checked, outputs: [{ ...topKOnly, cosine: 0.99 }] };
    const next = await findFirstDivergence(
      {
        ...outcome,
        job: {
          ...outcome.job,
          model: { ...outcome.job.model, onnx: join(context.config.outputDir, 'no-such.onnx'), keepFp32: [] },
        },
      } as BuildOutcome,
      belowCosine,
      context,
      async () => checked,
    );
    expect(next.problem).not.toMatch(/top-k alone/);
  });
});

const VERSIONS = { '10.16': '10.16.1.11', '11.2': '11.2.1.2' } as const;

async function run(
  version: keyof typeof VERSIONS,
  onnx: Uint8Array,
  model: string,
  inputs: string,
  shape = '1x16',
  faults: Record<string, string> = {},
) {
  const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: VERSIONS[version], ...faults } });
  writeFileSync(join(runner.dir, 'm.onnx'), onnx);
  const config = runner.writeConfig(
    `output-dir: out\nmodels:\n  - name: m\n    onnx: m.onnx\n    precision: fp16\n${model}` +
      `    accuracy: { inputs: { x: { range: ${inputs} } } }\n` +
      `    profiles: [{ name: p, shapes: { x: ${shape} } }]\n`,
  );
  const result = await cli(['run', '--config', config, '--json']);
  const builds = runner.calls().filter((c) => c.args.some((a) => a.startsWith('--saveEngine=')));
  const report = JSON.parse(result.stdout || '{}');
  const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
  return { result, report, builds, summary, runner };
}

describe('the first-divergence pass in a run', () => {
  for (const version of Object.keys(VERSIONS) as (keyof typeof VERSIONS)[]) {
    it(`${version}: a failed FP16 engine names exp, where e^12 leaves FP16, and says where to act`, async () => {
      const { result, report, builds, summary, runner } = await run(version, logSumExpOnnx(), '', '[10, 12]');
      expect(result.code, result.stderr).toBe(1);
      const accuracy = report.builds[0].accuracy;
      expect(accuracy.status).toBe('failed');
      expect(accuracy.divergence, JSON.stringify(accuracy.divergence)).toMatchObject({
        status: 'found',
        node: 'exp',
        op: 'Exp',
        computes: 'fp16',
        tensor: 'exp',
        marked: 4,
        downstream: { marked: 3 },
        outputsFailing: ['y'],
      });
      expect(accuracy.divergence.error.inf).toBeGreaterThan(0);
      // Where to act: the model's own line, as it has no keep-fp32 yet.
      const lines = readFileSync(join(runner.dir, 'trt-ci.yml'), 'utf8').split('\n');
      expect(accuracy.divergence.configPosition.line).toBe(lines.indexOf('  - name: m') + 1);
      // One more build, from the marked copy, with the engine's own precision.
      expect(builds).toHaveLength(2);
      const marked = builds[1]!.args.find((a) => a.startsWith('--onnx='))!;
      if (version === '10.16') {
        expect(marked).toMatch(/out\/divergence\/m\.p\/marked\/m\.onnx$/);
        expect(builds[1]!.args).toContain('--fp16');
      } else {
        expect(marked).toMatch(/out\/divergence\/m\.p\/fp16-onnx\/m\.onnx$/);
        expect(builds[1]!.args.filter((a) => a.startsWith('--fp16'))).toEqual([]);
      }
      expect(summary).toMatch(/Where the error starts.*node `exp` \(Exp, fp16\)/);
      expect(summary).toContain('`keep-fp32: [exp]`');
      expect(report.builds[0].accuracy.outputs.map((o: AccuracyOutput) => o.name)).toEqual(['y']);
    });
  }

  it('keep-fp32 moves the start: with exp kept, sum (2.6e6 in FP16) is where it starts', async () => {
    const { report, builds } = await run('10.16', logSumExpOnnx(), '    keep-fp32: [exp]\n', '[10, 12]');
    expect(report.builds[0].accuracy.divergence).toMatchObject({ status: 'found', node: 'sum' });
    expect(builds[1]!.args).toContain('--layerPrecisions=exp:fp32');
  });

  it("a marked build that fails is said in the record and the summary; the run's verdict is the check's", async () => {
    const faults = { TRTEXEC_STANDIN_CRASH: 'driver', TRTEXEC_STANDIN_ONLY: 'marked.plan' };
    const { result, report, summary } = await run('10.16', logSumExpOnnx(), '', '[10, 12]', '1x16', faults);
    expect(result.code, result.stderr).toBe(1);
    expect(report.builds[0].accuracy.status).toBe('failed');
    expect(report.builds[0].accuracy.divergence).toMatchObject({ status: 'error', node: null });
    // The build's own reason, as the build stage reads it from the log, and its log.
    expect(report.builds[0].accuracy.divergence.problem).toMatch(/marked outputs did not build: .*CUDA driver/);
    expect(report.builds[0].accuracy.divergence.log).toMatch(/divergence\/m\.p\/marked\.1\.log$/);
    expect(summary).toMatch(/Where the error starts.*could not tell: the engine with marked outputs did not build/);
  });

  it('the marked build is built as the stage builds: out of memory, it backs off the workspace', async () => {
    const faults = { TRTEXEC_STANDIN_OOM_ABOVE_MIB: '1024', TRTEXEC_STANDIN_ONLY: 'marked.plan' };
    const { report, builds } = await run('10.16', logSumExpOnnx(), '', '[10, 12]', '1x16', faults);
    expect(report.builds[0].accuracy.divergence).toMatchObject({ status: 'found', node: 'exp' });
    const marked = builds.filter((b) => b.args.some((a) => a.includes('marked.plan')));
    expect(marked.map((b) => b.args.find((a) => a.startsWith('--memPoolSize=')))).toEqual([
      '--memPoolSize=workspace:4096',
      '--memPoolSize=workspace:2048',
      '--memPoolSize=workspace:1024',
    ]);
  });

  it('a passing engine makes no marked build', async () => {
    const { report, builds } = await run('11.2', logSumExpOnnx(), '', '[0, 1]');
    expect(report.builds[0].accuracy).toMatchObject({ status: 'passed', divergence: null });
    expect(builds).toHaveLength(1);
  });

  it("11.x: a marked copy's tensors carry FP16's error; its written check judges the model's outputs", async () => {
    // The exp trap's Mul 1e-6 weight is an FP16 subnormal (1.3% off): its marked output is past the written
    // check's band, the model's output y is not. The pass names where the error starts, as it should.
    const { model, planted } = plantedChainOnnx(1003, 32, 2, ['exp', 'variance']);
    const { report } = await run('11.2', model, '', '[1, 3]', '1x4');
    expect(report.builds[0].accuracy.divergence).toMatchObject({ status: 'found', node: planted[0] });
  });

  it("a planted chain's first trap is named, however long the chain before it", async () => {
    const { model, planted } = plantedChainOnnx(7, 30, 2);
    const table = mixedPrecisionOnnx(Buffer.from(model), { narrow: 'fp16', keep: new Set() }).nodes;
    const { report } = await run('11.2', model, '', '[1, 3]', '1x4');
    const first = table.find((n) => planted.includes(n.node))!.node;
    expect(report.builds[0].accuracy.divergence).toMatchObject({ status: 'found', node: first });
  });
});
