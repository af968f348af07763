// The consistency checks (issue 59): an engine right for one sample alone and wrong in a batch, with rows that
// differ where they should not, or bits that change run to run, fails the run with what differed and where. The
// stand-in's faults (TRTEXEC_STANDIN_OUTPUT_ERROR couple-rows, row-drift, jitter) are real arithmetic on ONNX
// Runtime's outputs, as NVIDIA/TensorRT#4853 and #4813 describe them.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  batchPlan,
  consistencyInputs,
  judgeAloneVsBatch,
  judgeIdenticalRows,
  judgeTwice,
} from '../src/accuracy/consistency.js';
import { interiorPoints } from '../src/accuracy/shape-sweep.js';
import type { ProfileConfig } from '../src/contract/config.js';
import type { Report } from '../src/contract/report.js';
import { reportAnnotations } from '../src/github/annotations.js';
import { cli, makeRunner } from './support/harness.js';
import { classifierOnnx } from './support/onnx-models.js';

const profile = (...inputs: [string, number[], number[], number[]][]): ProfileConfig => ({
  name: 'p',
  shapes: inputs.map(([input, min, opt, max]) => ({ input, min, opt, max })),
});

describe('the batch the checks run at', () => {
  it.each([
    [2, 2],
    [3, 3],
    [4, 4],
    [5, 4],
    [64, 4],
  ])('a batch of 1..%i runs at %i rows, and a sample can run alone', (max, size) => {
    expect(batchPlan(profile(['x', [1, 3], [1, 3], [max, 3]]), null)).toEqual({ dim: 0, size, alone: true });
  });

  it('a batch that starts above 1 runs at its min or more, and no sample runs alone', () => {
    expect(batchPlan(profile(['x', [3, 8], [4, 8], [8, 8]]), null)).toEqual({ dim: 0, size: 4, alone: false });
    expect(batchPlan(profile(['x', [6, 8], [6, 8], [8, 8]]), null)).toEqual({ dim: 0, size: 6, alone: false });
  });

  it('says why there is no batch: static, at most 1, not shared, no such dimension', () => {
    const skip = (p: ProfileConfig, named: number | null = null) => (batchPlan(p, named) as { skip: string }).skip;
    expect(skip(profile(['x', [1, 3, 8], [1, 3, 16], [1, 3, 32]]))).toMatch(/leading dimension is static \(1\)/);
    expect(skip(profile(['x', [1, 8], [1, 16], [1, 32]]), 0)).toMatch(/dimension 0 is at most 1/);
    expect(skip(profile(['x', [1, 8], [2, 8], [4, 8]], ['m', [1, 8], [2, 8], [8, 8]]))).toMatch(
      /dimension 0 ranges differ \(x: 1\.\.4, m: 1\.\.8\): .*batch-dim/,
    );
    expect(skip(profile(['x', [1], [2], [4]]), 1)).toBe('input x has no dimension 1');
  });

  it('a named batch dimension may be static, above 1: its rows are still compared', () => {
    expect(batchPlan(profile(['x', [8, 2, 3], [8, 2, 3], [32, 2, 3]]), 1)).toEqual({ dim: 1, size: 2, alone: false });
  });
});

describe('the inputs of the runs', () => {
  it('copies of one sample, different samples, and one of those alone, along the batch dimension', () => {
    const p = profile(['x', [4, 1, 2], [4, 2, 2], [4, 8, 2]]);
    const plan = { dim: 1, size: 3, alone: true };
    const { identical, mixed, alone, row } = consistencyInputs(p, plan, new Map());
    const [x] = identical;
    expect(x!.dims).toEqual([4, 3, 2]);
    // Along dim 1: each of the 4 outer blocks holds the same 2 values three times.
    for (let o = 0; o < 4; o += 1)
      for (let r = 1; r < 3; r += 1)
        expect([...x!.values.slice((o * 3 + r) * 2, (o * 3 + r + 1) * 2)]).toEqual([
          ...x!.values.slice(o * 3 * 2, (o * 3 + 1) * 2),
        ]);
    expect(mixed[0]!.dims).toEqual([4, 3, 2]);
    expect(row).toBe(2);
    expect(alone![0]!.dims).toEqual([4, 1, 2]);
    for (let o = 0; o < 4; o += 1)
      expect([...alone![0]!.values.slice(o * 2, o * 2 + 2)]).toEqual([
        ...mixed[0]!.values.slice((o * 3 + 2) * 2, (o * 3 + 3) * 2),
      ]);
    // The rows of the mixed batch are different samples.
    expect([...mixed[0]!.values.slice(0, 2)]).not.toEqual([...mixed[0]!.values.slice(2, 4)]);
  });
});

describe('judging the runs', () => {
  const absolute = { atol: { absolute: 0.1 }, rtol: 0 };
  const out = (values: number[]) => new Map([['y', values]]);

  it('identical rows: a difference of atol passes, past it fails, naming the rows, output and share', () => {
    const half = { atol: { absolute: 0.5 }, rtol: 0 };
    expect(judgeIdenticalRows(out([1, 2, 1, 2.5]), 2, half).status).toBe('passed');
    expect(judgeIdenticalRows(out([1, 2, 1, 2.5000001]), 2, half).status).toBe('failed');
    const failed = judgeIdenticalRows(out([1, 2, 1, 2, 1.75, 2]), 3, half);
    expect(failed).toMatchObject({ status: 'failed', output: 'y', maxAbsDiff: 0.75, outOfTolerance: 0.5 });
    expect(failed.message).toBe(
      'rows 0 and 2 of a batch of 3 identical rows differ at y (max abs 0.75, 50% out of tolerance)',
    );
    expect(judgeIdenticalRows(out([1, 2, 1, 2]), 2, half)).toMatchObject({
      status: 'passed',
      bitwiseEqual: true,
      message: 'a batch of 2 identical rows gave identical rows (bitwise equal)',
    });
    expect(judgeIdenticalRows(out([1, 2, 1, 2.25]), 2, half).message).toMatch(/within tolerance \(max abs 0\.25/);
  });

  it('alone vs in a batch: the row of the sample against its run alone', () => {
    const batch = out([0, 0, 5, 6]);
    expect(judgeAloneVsBatch(batch, out([5, 6.1]), 2, 1, absolute).status).toBe('passed');
    const failed = judgeAloneVsBatch(batch, out([5, 7]), 2, 1, absolute);
    expect(failed.message).toBe('sample 1 alone vs in a batch of 2: 50% of y out of tolerance (max abs 1)');
  });

  it('twice: the same bits, within tolerance said with by how much, or failed', () => {
    expect(judgeTwice(out([1, 2]), out([1, 2]), 2, absolute).message).toBe('the same inputs twice gave the same bits');
    expect(judgeTwice(out([1, 2]), out([1, 2.05]), 2, absolute)).toMatchObject({
      status: 'passed',
      bitwiseEqual: false,
      message: 'the same inputs twice differ by at most 0.05 at y (within tolerance)',
    });
    expect(judgeTwice(out([1, 2]), out([1, 3]), 2, absolute).status).toBe('failed');
  });
});

const PROFILE = '    profiles: [{ name: p, shapes: { x: { min: 1x3x8x8, opt: 2x3x8x8, max: 4x3x8x8 } } }]\n';

function classifierRun(fault: string | null, more = '') {
  const runner = makeRunner(fault ? { trtexecEnv: { TRTEXEC_STANDIN_OUTPUT_ERROR: fault } } : {});
  writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
  const config = runner.writeConfig(
    `output-dir: out\nmodels:\n  - name: cls\n    onnx: classifier.onnx\n${more}${PROFILE}`,
  );
  return { runner, config };
}

async function run(fault: string | null, more = '') {
  const { runner, config } = classifierRun(fault, more);
  const result = await cli(['build', '--config', config, '--json'], { cwd: runner.dir });
  const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
  return { result, report, consistency: report.builds[0]!.consistency!, out: join(runner.dir, 'out') };
}

describe('the checks on engines from the stand-in, with no accuracy check asked (issue 59)', () => {
  it('a correct engine passes, every check listed as run, with no reference computed', async () => {
    const { result, consistency } = await run(null);
    expect(result.code, result.stderr).toBe(0);
    expect(consistency.status).toBe('passed');
    expect(consistency.batch).toEqual({ dim: 0, size: 4 });
    expect(consistency.checks.map((c) => [c.id, c.status])).toEqual([
      ['identical-rows', 'passed'],
      ['alone-vs-batch', 'passed'],
      ['same-run-twice', 'passed'],
    ]);
    expect(consistency.checks[2]!.message).toBe('the same inputs twice gave the same bits');
  });

  it('rows that leak into each other (#4853): identical rows agree, a sample in a batch is wrong; exit 1', async () => {
    const { result, report, consistency, out } = await run('couple-rows:0.5');
    expect(result.code).toBe(1);
    expect(consistency.status).toBe('failed');
    const [identical, alone] = consistency.checks;
    expect(identical!.status).toBe('passed');
    expect(alone!.status).toBe('failed');
    expect(alone!.message).toMatch(/^sample 3 alone vs in a batch of 4: \d+(\.\d)?% of prob out of tolerance/);
    expect(result.stderr + result.stdout).toContain(alone!.message);
    // The comment leads with it, with what to do; the section has the row; the annotation is at the profile.
    const summary = readFileSync(join(out, 'summary.md'), 'utf8');
    const lead = summary.slice(0, summary.indexOf('####'));
    expect(lead).toMatch(
      /\*\*1 thing to fix:\*\*[\s\S]*sample 3 alone vs in a batch of 4[\s\S]*pin the batch in the profile/,
    );
    expect(summary).toMatch(/#### ❌ The same in a batch, alone and twice: 0\/1 engines consistent/);
    const [annotation] = reportAnnotations(report, (path) => path);
    expect(annotation).toMatchObject({ title: 'cls/p: not the same in a batch', message: alone!.message });
  });

  it('identical rows in, different rows out (#4813): the rows, the output and the share are named', async () => {
    const { result, consistency } = await run('row-drift:0.2');
    expect(result.code).toBe(1);
    expect(consistency.checks[0]!.message).toMatch(
      /^rows 0 and 3 of a batch of 4 identical rows differ at prob \(max abs [\d.]+, \d+(\.\d)?% out of tolerance\)$/,
    );
  });

  it('bits that change run to run beyond tolerance fail the same-run-twice check', async () => {
    const { result, consistency } = await run('jitter:0.5');
    expect(result.code).toBe(1);
    expect(consistency.checks.find((c) => c.id === 'same-run-twice')!.status).toBe('failed');
  });

  it.each([
    ['a correct', null, 'passed'],
    ['a coupled', 'couple-rows:0.5', 'failed'],
  ])('TensorRT 11.1, fp16 from the FP16 ONNX trt-ci writes: %s engine is %s', async (_, fault, status) => {
    const runner = makeRunner({
      version: '11.1.0.5',
      ...(fault && { trtexecEnv: { TRTEXEC_STANDIN_OUTPUT_ERROR: fault } }),
    });
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    const config = runner.writeConfig(
      `output-dir: out\nmodels:\n  - name: cls\n    onnx: classifier.onnx\n    precision: fp16\n${PROFILE}`,
    );
    const result = await cli(['build', '--config', config], { cwd: runner.dir });
    expect(result.code, result.stderr).toBe(status === 'passed' ? 0 : 1);
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    expect(report.builds[0]!.consistency!.status).toBe(status);
  });

  it('turned off, the reason is in the report and no check runs; false alone is a config error', async () => {
    const { result, consistency } = await run(
      'couple-rows:0.5',
      '    consistency: { off: "batch 1 only, pinned by the server" }\n',
    );
    expect(result.code, result.stderr).toBe(0);
    expect(consistency).toMatchObject({ status: 'off', reason: 'batch 1 only, pinned by the server', checks: [] });
    const bare = classifierRun(null, '    consistency: false\n');
    const refused = await cli(['build', '--config', bare.config], { cwd: bare.runner.dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /models\[0\]\.consistency: expected \{ off: <why the checks are off> \} or \{ batch-dim/,
    );
  });
});

describe('the shapes inside a range the accuracy check sweeps (issue 59)', () => {
  it('two seeded shapes on no profile point, the first odd, the same on every call', () => {
    const p = profile(['x', [1, 3, 8], [8, 3, 16], [32, 3, 64]]);
    const points = interiorPoints(p);
    expect(points).toEqual(interiorPoints(p));
    expect(points).toHaveLength(2);
    const batches = points.map((q) => q.shapes[0]!.opt[0]!);
    const widths = points.map((q) => q.shapes[0]!.opt[2]!);
    for (const b of batches) expect(b > 1 && b < 32 && b !== 8).toBe(true);
    for (const w of widths) expect(w > 8 && w < 64 && w !== 16).toBe(true);
    expect(batches[0]! % 2).toBe(1);
    expect(new Set(batches).size).toBe(2);
    // The static dimension stays.
    expect(points.map((q) => q.shapes[0]!.opt[1])).toEqual([3, 3]);
  });

  it('a dimension two inputs share (same min, opt, max) takes one value; no room, no points', () => {
    const shared = interiorPoints(profile(['ids', [1, 1], [2, 16], [8, 128]], ['mask', [1, 1], [2, 16], [8, 128]]));
    for (const q of shared) expect(q.shapes[0]!.opt).toEqual(q.shapes[1]!.opt);
    // 1..3 around opt 2: no value strictly inside that is not a profile point; 1..4: 3, for both points.
    expect(interiorPoints(profile(['x', [1], [2], [3]]))).toEqual([]);
    expect(interiorPoints(profile(['x', [1], [2], [4]])).map((q) => q.shapes[0]!.opt)).toEqual([[3], [3]]);
  });

  it('a first divergence after a failure at one of two interior shapes is sought at that one', async () => {
    const range = profile(['x', [1, 3, 8, 8], [2, 3, 8, 8], [8, 3, 8, 8]]);
    const points = interiorPoints(range).map((q) => q.shapes[0]!.opt.join('x'));
    expect(new Set(points).size).toBe(2);
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_OUTPUT_ERROR: `at-shape:${points[0]}:0.2` } });
    writeFileSync(join(runner.dir, 'classifier.onnx'), classifierOnnx());
    const config = runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: cls\n    onnx: classifier.onnx\n    accuracy: {}\n' +
        '    consistency: { off: "not this test" }\n' +
        '    profiles: [{ name: p, shapes: { x: { min: 1x3x8x8, opt: 2x3x8x8, max: 8x3x8x8 } } }]\n',
    );
    expect((await cli(['build', '--config', config], { cwd: runner.dir })).code).toBe(1);
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    const accuracy = report.builds[0]!.accuracy!;
    expect(accuracy.outputs.filter((o) => o.failure).map((o) => o.at)).toEqual([`x:${points[0]}`]);
    expect(accuracy.divergence).toMatchObject({ status: 'found', shape: 'interior' });
  });

  it('wrong at one interior shape (#4846): fails there, passes at the corners, and says so first', async () => {
    const [inside] = interiorPoints(profile(['x', [1, 3, 8, 8], [2, 3, 8, 8], [4, 3, 8, 8]]));
    const at = inside!.shapes[0]!.opt.join('x');
    const { runner, config } = classifierRun(
      `at-shape:${at}:0.2`,
      '    accuracy: {}\n    consistency: { off: "not this test" }\n',
    );
    const result = await cli(['build', '--config', config], { cwd: runner.dir });
    expect(result.code).toBe(1);
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8')) as Report;
    const outputs = report.builds[0]!.accuracy!.outputs;
    expect(outputs.map((o) => [o.shape, o.at, o.failure === null])).toEqual([
      ['opt', 'x:2x3x8x8', true],
      ['min', 'x:1x3x8x8', true],
      ['max', 'x:4x3x8x8', true],
      ['interior', `x:${at}`, false],
    ]);
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toMatch(
      new RegExp(
        `accuracy: prob at the interior shape x:${at}: [\\d.]+% of elements off .* — at opt/min/max it passes`,
      ),
    );
    expect(summary).toContain(`keep \`x:${at}\` out of the profile's range`);
  });
});
