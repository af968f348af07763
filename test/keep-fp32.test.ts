// keep-fp32 and precision: fp16 on TensorRT 10 and 11, end to end through the stand-in, whose FP16 is real
// arithmetic: every layer output an FP16 engine holds in FP16 is rounded through a Cast pair under ONNX
// Runtime (test/support/trtexec-standin.mjs roundThroughFp16), so an overflow comes from e^12 > 65504, not
// from a switch. The planted model: log(sum(exp(x))) with x about 10-12, no max subtracted.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writePrecisionOnnx } from '../src/builds/precision-onnx.js';
import type { PrecisionSearchRecord, Report } from '../src/contract/report.js';
import { keepFp32Section } from '../src/report/sections/keep-fp32.js';
import { cli, makeRunner } from './support/harness.js';
import {
  classifierOnnx,
  controlFlowOnnx,
  ifOverflowOnnx,
  logSumExpOnnx,
  plantedChainOnnx,
} from './support/onnx-models.js';
import { mixedPrecisionOnnx } from '../src/onnx/mixed-precision.js';

const VERSIONS = { '10.16': '10.16.1.11', '11.2': '11.2.1.2' } as const;

async function run(version: keyof typeof VERSIONS, model: string) {
  const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: VERSIONS[version] } });
  writeFileSync(join(runner.dir, 'lse.onnx'), logSumExpOnnx());
  const config = runner.writeConfig(
    `output-dir: out\nmodels:\n  - name: lse\n    onnx: lse.onnx\n${model}` +
      '    accuracy: { inputs: { x: { range: [10, 12] } } }\n' +
      '    profiles: [{ name: p, shapes: { x: 1x16 } }]\n',
  );
  const result = await cli(['run', '--config', config, '--json']);
  const builds = runner.calls().filter((c) => c.args.some((a) => a.startsWith('--saveEngine=')));
  return { result, report: JSON.parse(result.stdout || '{}'), runner, builds };
}

describe('precision: fp16 with keep-fp32', () => {
  for (const version of Object.keys(VERSIONS) as (keyof typeof VERSIONS)[]) {
    it(`${version}: the planted overflow fails the gate in FP16 and passes with exp, sum and log kept`, async () => {
      const plain = await run(version, '    precision: fp16\n');
      expect(plain.result.code, plain.result.stderr).toBe(1);
      expect(plain.report.builds[0].status).toBe('built');
      expect(plain.report.builds[0].accuracy.status, JSON.stringify(plain.report.builds[0].accuracy)).toBe('failed');
      expect(plain.report.builds[0].accuracy.outputs[0].inf).toBeGreaterThan(0);

      // exp and sum kept: the sum (about 2.6e6) is still made FP16 where log reads it. All three must stay.
      for (const keep of ['exp', 'exp, sum']) {
        const some = await run(version, `    precision: fp16\n    keep-fp32: [${keep}]\n`);
        expect(some.report.builds[0].accuracy.status, keep).toBe('failed');
      }

      const kept = await run(version, '    precision: fp16\n    keep-fp32: [exp, sum, log]\n');
      expect(kept.result.code, kept.result.stderr).toBe(0);
      expect(kept.report.builds[0].accuracy.status).toBe('passed');
      const argv = kept.builds[0]!.args;
      if (version === '10.16') {
        expect(kept.report.builds[0].builtFrom).toBeNull();
        expect(argv).toContain('--fp16');
        expect(argv).toContain('--layerPrecisions=exp:fp32,sum:fp32,log:fp32');
        expect(argv).toContain('--precisionConstraints=obey');
      } else {
        // 11.x: no precision flag; the ONNX given is the FP16 one trt-ci wrote, the user's left as it was.
        expect(argv.filter((a) => /^--(fp16|layerPrecisions|precisionConstraints)/.test(a))).toEqual([]);
        const onnx = argv.find((a) => a.startsWith('--onnx='))!.slice('--onnx='.length);
        expect(onnx).toBe(join(kept.runner.dir, 'out', 'fp16-onnx', 'lse', 'lse.onnx'));
        expect(readFileSync(onnx).includes(Buffer.from('exp__trtci_fp16'))).toBe(false);
        expect(readFileSync(onnx).includes(Buffer.from('y__trtci_fp16'))).toBe(true);
        expect(readFileSync(join(kept.runner.dir, 'lse.onnx'))).toEqual(Buffer.from(logSumExpOnnx()));
        // The report says what was built: the Mul in FP16, the three kept in FP32, a Cast in and one out.
        expect(kept.report.builds[0].builtFrom).toEqual({
          // Relative like the report's other paths (its plan's folder holds fp16-onnx/).
          onnx: join(dirname(kept.report.builds[0].plan), 'fp16-onnx', 'lse', 'lse.onnx'),
          narrow: 'fp16',
          fp16Nodes: 1,
          bf16Nodes: 0,
          fp32Nodes: 3,
          kept: ['exp', 'sum', 'log'],
          keptWide: [],
          casts: 2,
          // ONNX Runtime ran the written model beside lse.onnx before the build (written-onnx-check.ts).
          check: { status: 'agrees', worst: { output: 'y', error: 0 }, band: 2 ** -7, shape: 'x:1x16', reason: null },
        });
      }
    });
  }

  it('11.x without keep-fp32 builds FP16 from the written ONNX instead of refusing precision: fp16', async () => {
    const { result, builds } = await run('11.2', '    precision: fp16\n');
    expect(result.stderr).not.toMatch(/has no --fp16/);
    // The engine, and (as it fails its gate) the first-divergence pass's marked copy.
    expect(
      builds.map((b) =>
        b.args
          .find((a) => a.startsWith('--saveEngine='))!
          .split('/')
          .pop(),
      ),
    ).toEqual(['lse.p.plan', 'marked.plan']);
  });

  it('11.x precision: bf16 builds from a written BF16 ONNX: no FP16 overflow, and keep-fp32 holds', async () => {
    // BF16 keeps FP32's exponent: e^12 fits, and the engine passes its gate with nothing kept (bf16 tolerances).
    const plain = await run('11.2', '    precision: bf16\n');
    expect(plain.result.code, plain.result.stderr).toBe(0);
    const build = plain.report.builds[0];
    expect(build.accuracy.status).toBe('passed');
    expect(build.builtFrom).toMatchObject({ narrow: 'bf16', fp16Nodes: 0, bf16Nodes: 4, fp32Nodes: 0 });
    expect(build.builtFrom.check).toMatchObject({ status: 'agrees', band: 2 ** -4, shape: 'x:1x16' });
    const argv = plain.builds[0]!.args;
    expect(argv.find((a) => a.startsWith('--onnx='))).toBe(
      `--onnx=${join(plain.runner.dir, 'out', 'bf16-onnx', 'lse', 'lse.onnx')}`,
    );
    expect(argv.filter((a) => /^--(fp16|bf16|layerPrecisions|precisionConstraints)/.test(a))).toEqual([]);
    // Its arithmetic was BF16 for real: the output differs from FP32 by BF16's rounding, not by nothing.
    expect(build.accuracy.outputs[0].maxAbsError).toBeGreaterThan(0);

    const kept = await run('11.2', '    precision: bf16\n    keep-fp32: [log]\n');
    expect(kept.result.code, kept.result.stderr).toBe(0);
    expect(kept.report.builds[0].builtFrom).toMatchObject({
      narrow: 'bf16',
      bf16Nodes: 3,
      fp32Nodes: 1,
      kept: ['log'],
    });
  });

  it('a node inside an If branch can be kept: the config takes it, the 11.x writer keeps it FP32', async () => {
    const written = mixedPrecisionOnnx(Buffer.from(controlFlowOnnx()), { narrow: 'fp16', keep: new Set(['then_out']) });
    expect(written.unmatched).toEqual([]);
    expect(written.nodes.find((n) => n.node === 'then_out')).toMatchObject({ precision: 'fp32', reason: 'kept' });
    expect(written.nodes.find((n) => n.node === 'else_out')).toMatchObject({ precision: 'fp16' });
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: VERSIONS['11.2'] } });
    writeFileSync(join(runner.dir, 'cf.onnx'), controlFlowOnnx());
    const config = (keep: string) =>
      runner.writeConfig(
        `output-dir: out\nmodels:\n  - name: cf\n    onnx: cf.onnx\n    precision: fp16\n    keep-fp32: [${keep}]\n` +
          '    profiles: [{ name: p, shapes: { x: 2x4 } }]\n',
      );
    const kept = await cli(['build', '--config', config('then_out'), '--json']);
    expect(kept.code, kept.stderr).toBe(0);
    expect(JSON.parse(kept.stdout).builds[0].builtFrom.kept).toEqual(['then_out']);
    const typo = await cli(['build', '--config', config('then_oot')]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/keep-fp32\[0\]: expected a node of cf\.onnx, got "then_oot"; did you mean then_out\?/);
  });

  it('config errors: keep-fp32 without fp16, a name not in the graph (with a near one), a comma', async () => {
    const cases: [string, RegExp][] = [
      ['    keep-fp32: [exp]\n', /models\[0\]\.keep-fp32.*needs precision: fp16 or bf16, got no precision/],
      ['    precision: int8\n    keep-fp32: [exp]\n', /needs precision: fp16 or bf16, got precision: int8/],
      ['    precision: fp16\n    keep-fp32: [epx]\n', /keep-fp32\[0\].*got "epx"; did you mean exp\?/],
      ['    precision: fp16\n    keep-fp32: ["a,b"]\n', /keep-fp32\[0\].*without "," or "'"/],
      [
        '    precision: fp16\n    keep-fp32: [exp]\n    extra-args: [--precisionConstraints=prefer]\n',
        /remove --precisionConstraints=prefer from extra-args/,
      ],
    ];
    for (const [model, message] of cases) {
      const { result } = await run('10.16', model);
      expect(result.code, model).toBe(2);
      expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
  });
});

describe('the FP16 ONNX written for a build', () => {
  it('fails, naming it, when a kept name is no node of the graph (never a node silently left FP16)', async () => {
    const runner = makeRunner();
    const onnx = join(runner.dir, 'lse.onnx');
    writeFileSync(onnx, logSumExpOnnx());
    const model = { onnx, keepFp32: ['exp', 'nope'] } as Parameters<typeof writePrecisionOnnx>[0];
    await expect(writePrecisionOnnx(model, join(runner.dir, 'w'))).rejects.toThrow(
      /keep-fp32 names no node of it: nope/,
    );
    const fine = await writePrecisionOnnx({ ...model, keepFp32: ['exp'] }, join(runner.dir, 'w'));
    expect(fine).toMatchObject({ kept: ['exp'], fp16Nodes: 3, fp32Nodes: 1 });
  });
});

describe('trt-ci precision: the search, each candidate built and checked', () => {
  it('past 200 nodes: regions first (all-FP16 engine layers), then the nodes inside the guilty ones', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: VERSIONS['11.2'] } });
    const { model, planted } = plantedChainOnnx(5, 212, 1, ['exp']);
    writeFileSync(join(runner.dir, 'big.onnx'), model);
    const config = runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: big\n    onnx: big.onnx\n    precision: fp16\n' +
        '    accuracy: { inputs: { x: { range: [1, 3] } } }\n    profiles: [{ name: p, shapes: { x: 1x4 } }]\n',
    );
    const json = await cli(['precision', '--config', config, '--json', '--max-builds', '60']);
    expect(json.code, json.stderr).toBe(0);
    const search = JSON.parse(json.stdout);
    expect(search.candidates.length).toBeGreaterThan(200);
    // The stand-in fuses three nodes of the written ONNX to a layer (its Casts too): a region per layer.
    const third = Math.ceil(search.candidates.length / 3);
    expect(search.regions).toBeGreaterThanOrEqual(third);
    expect(search.regions).toBeLessThanOrEqual(third + 1);
    expect(search).toMatchObject({ outcome: 'found', keep: planted });
    // Only layer ends were marked: the first divergence names a layer's end and the nodes it starts among.
    expect(search.divergence.span).toContain(planted[0]);
    expect(search.divergence.span.length).toBeGreaterThan(1);
    const summary = readFileSync(join(runner.dir, 'out', 'precision', 'big', '1', 'summary.md'), 'utf8');
    expect(summary).toMatch(/It starts among \d nodes whose outputs were not marked: .*`n\d+_exp`/);
    const [R, S, k] = [search.regions, 6, planted.length];
    expect(search.trials.length).toBeLessThanOrEqual(
      2 + k * (Math.ceil(Math.log2(R)) + 1) + k * (Math.ceil(Math.log2(S)) + 1) + 1,
    );
    expect(new Set(search.trials.map((t: { keep: string[] }) => t.keep.join(','))).size).toBe(search.trials.length);
  });

  it('candidates over a range are swept like the gate, and skip the consistency runs, said (issue 59)', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: VERSIONS['11.2'] } });
    // Logits past FP16's range: the all-FP16 candidate fails, and the search runs candidates.
    writeFileSync(join(runner.dir, 'cls.onnx'), classifierOnnx({ scale: 20000 }));
    const config = runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: cls\n    onnx: cls.onnx\n    precision: fp16\n    accuracy: {}\n' +
        '    profiles: [{ name: p, shapes: { x: { min: 1x3x8x8, opt: 2x3x8x8, max: 4x3x8x8 } } }]\n',
    );
    await cli(['precision', '--config', config, '--json']);
    const first = JSON.parse(readFileSync(join(runner.dir, 'out', 'precision', 'cls', '1', 'report.json'), 'utf8'));
    expect(first.builds[0].consistency).toMatchObject({ status: 'off', reason: /keep-fp32 candidate/ });
    expect(first.builds[0].accuracy.outputs.map((o: { shape: string }) => o.shape)).toContain('interior');
  });

  for (const version of Object.keys(VERSIONS) as (keyof typeof VERSIONS)[]) {
    it(`${version}: finds exp, sum and log among the 4 nodes, within its bound, and prints the lines`, async () => {
      const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: VERSIONS[version] } });
      writeFileSync(join(runner.dir, 'lse.onnx'), logSumExpOnnx());
      const config = runner.writeConfig(
        'output-dir: out\nmodels:\n  - name: lse\n    onnx: lse.onnx\n    precision: fp16\n' +
          '    accuracy: { inputs: { x: { range: [10, 12] } } }\n    profiles: [{ name: p, shapes: { x: 1x16 } }]\n',
      );
      const json = await cli(['precision', '--config', config, '--json']);
      expect(json.code, json.stderr).toBe(0);
      const search = JSON.parse(json.stdout);
      expect(search.candidates).toEqual(['exp', 'sum', 'log', 'y']);
      expect(search.outcome).toBe('found');
      expect(search.keep).toEqual(['exp', 'sum', 'log']);
      // 2 + k (ceil(log2 R) + 1) with k = 3, R = 4; one trtexec build per candidate set.
      expect(search.trials.length).toBeLessThanOrEqual(11);
      expect(search.trials[0]).toMatchObject({ keep: [], passed: false });
      expect(json.stderr.match(/^precision: build \d+/gm)).toHaveLength(search.trials.length);
      // All-FP16's error starts at exp (its first-divergence pass): the search opens there.
      expect(search.divergence).toMatchObject({ status: 'found', node: 'exp' });
      expect(search.ranked).toEqual(['exp', 'sum', 'log', 'y']);
      // The list built again beside all-FP16: its gate passes again, its latency comes from an A/B.
      expect(search.price.accuracy).toBe('passed');
      expect(search.price.latency).toMatch(
        /^[+-]\d+\.\d% \[-?\d+\.\d, -?\d+\.\d\] \((same|slower|faster|inconclusive), A\/B/,
      );
      expect(search.price.report).toMatch(/precision\/lse\/price\/report\.json$/);
      // The answer in words, once (the same search, rendered): then the list pasted re-verifies on each version.
      if (version === '10.16') await expectSearchInWords(config);
      writeFileSync(
        config,
        readFileSync(config, 'utf8').replace('precision: fp16\n', 'precision: fp16\n    keep-fp32: [exp, sum, log]\n'),
      );
      const rerun = await cli(['run', '--config', config]);
      expect(rerun.code, rerun.stderr).toBe(0);
    });
  }

  it('says when nothing needs keeping, and refuses a model it cannot search (exit 2)', async () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'lse.onnx'), logSumExpOnnx());
    const config = runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: lse\n    onnx: lse.onnx\n    precision: fp16\n' +
        '    accuracy: { inputs: { x: { range: [0, 1] } } }\n    profiles: [{ name: p, shapes: { x: 1x16 } }]\n',
    );
    const fine = await cli(['precision', '--config', config]);
    expect(fine.code, fine.stderr).toBe(0);
    expect(fine.stdout).toMatch(/nothing; all-FP16 passes its accuracy gate \(1 build/);
    const none = await cli(['precision', '--config', config, '--model', 'nope']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--model: expected one of lse, got "nope"/);
    expect((await cli(['precision', '--config', config, '--max-builds', '1'])).code).toBe(2);
    const badTime = await cli(['precision', '--config', config, '--max-time', 'soon']);
    expect(badTime.code).toBe(2);
    expect(badTime.stderr).toMatch(/--max-time: expected a duration like 90m or 2h, got "soon"/);
  });

  it('a candidate that gives no verdict never ends the search, nor counts as the gate failing (issue 52)', async () => {
    // Every engine fails to run on the GPU (no kernel image): no list can be known, and it says why; exit 1.
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_RUN_NO_KERNEL: '1' } });
    const config = lseConfig(runner);
    const none = await cli(['precision', '--config', config]);
    expect(none.code, none.stderr).toBe(1);
    expect(none.stdout).toMatch(
      /no list is known: with every candidate kept the engine gave no verdict \(keep \[exp, /,
    );
    expect(none.stdout).toMatch(/was not judged: trtexec could not run the engine/);
    expect(none.stderr).toMatch(/build 2 \(at most 32\): keep \[exp, sum, log, y\] → not judged: it was not judged/);
    expect(none.stdout).not.toContain('keep-fp32:');
    // Candidate 3 ([exp, sum]) does not build: counted as not passing, the search goes on to the list, said.
    const one = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_CRASH: 'driver', TRTEXEC_STANDIN_ONLY: '/lse/3/' } });
    const json = await cli(['precision', '--config', lseConfig(one), '--json']);
    expect(json.code, json.stderr).toBe(0);
    const search = JSON.parse(json.stdout);
    expect(search).toMatchObject({ outcome: 'found', keep: ['exp', 'sum', 'log'] });
    expect(search.trials[2]).toMatchObject({ keep: ['exp', 'sum'], passed: false });
    expect(search.trials[2].unjudged).toMatch(/^did not build: /);
    expect(search.trials.filter((t: { unjudged: string | null }) => t.unjudged)).toHaveLength(1);
  });

  it('answers only from evidence: all-FP16 gives no verdict, so no list is printed, exit 1 (issue 58)', async () => {
    // The first candidate (all-FP16, /lse/1/) does not build; every later one does, and one passes.
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_CRASH: 'driver', TRTEXEC_STANDIN_ONLY: '/lse/1/' } });
    const config = lseConfig(runner);
    const json = await cli(['precision', '--config', config, '--json']);
    expect(json.code, json.stderr).toBe(1);
    const search = JSON.parse(json.stdout);
    expect(search).toMatchObject({ outcome: 'no-evidence', keep: null, answer: null, price: null });
    expect(search.trials[0]).toMatchObject({ keep: [], passed: false, unjudged: expect.stringMatching(/^did not/) });
    // The rest of the search ran, and a list passed there: it is still no answer.
    expect(search.trials.some((t: { passed: boolean }) => t.passed)).toBe(true);
    const text = await cli(['precision', '--config', config]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/no list: all-FP16 gave no verdict \(keep \[\] did not build: .*\), so nothing shows/);
    expect(text.stdout).not.toContain('keep-fp32:');
  });

  it('starts from a partial keep-fp32 list: every candidate keeps it, the search adds the rest', async () => {
    const runner = makeRunner();
    const config = lseConfig(runner, '    keep-fp32: [exp]\n');
    const json = await cli(['precision', '--config', config, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const search = JSON.parse(json.stdout);
    expect(search).toMatchObject({ start: ['exp'], candidates: ['sum', 'log', 'y'], keep: ['exp', 'sum', 'log'] });
    expect(search.trials[0]).toMatchObject({ keep: ['exp'], passed: false });
    for (const trial of search.trials) expect(trial.keep[0]).toBe('exp');
    // Fewer builds than from empty: 2 + 2 (ceil(log2 3) + 1) at most for the 2 nodes it adds.
    expect(search.trials.length).toBeLessThanOrEqual(8);
    const text = await cli(['precision', '--config', config]);
    expect(text.stdout).toContain('accuracy: keep-fp32 as configured [exp] failed');
    expect(text.stdout).toContain('    keep-fp32: [exp, sum, log]');
  });

  // On 10.16 the stand-in's FP16 rounding of a branch's input once named its cast as the main graph's did (one
  // name twice, no engine run): the search then kept the main graph's ReduceSum too. Both versions find exactly
  // the branch's two nodes.
  it.each(Object.keys(VERSIONS) as (keyof typeof VERSIONS)[])(
    '%s: finds the nodes inside an If branch that overflow',
    async (version) => {
      const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: VERSIONS[version] } });
      writeFileSync(join(runner.dir, 'branch.onnx'), ifOverflowOnnx());
      const config = runner.writeConfig(
        'output-dir: out\nmodels:\n  - name: branch\n    onnx: branch.onnx\n    precision: fp16\n' +
          '    accuracy: { inputs: { x: { range: [10, 12] } } }\n    profiles: [{ name: p, shapes: { x: 1x16 } }]\n',
      );
      const json = await cli(['precision', '--config', config, '--json']);
      expect(json.code, json.stderr).toBe(0);
      const search = JSON.parse(json.stdout);
      // The main graph's first, then the branches' (the first-divergence pass marks only the main graph).
      expect(search.candidates).toEqual(['total', 'positive', 't_exp', 't_out', 'e_out']);
      expect(search).toMatchObject({ outcome: 'found', keep: ['t_exp', 't_out'] });
    },
  );

  it('prints node names inert: a name with a newline and ::error:: starts no workflow command', async () => {
    const runner = makeRunner();
    const evil = 'exp\n::error::pwned';
    writeFileSync(
      join(runner.dir, 'lse.onnx'),
      logSumExpOnnx((node) => (node === 'exp' ? evil : node)),
    );
    const config = lseConfig(runner, '', false);
    const text = await cli(['precision', '--config', config]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('keep-fp32: [exp ::error::pwned, sum, log]');
    for (const line of `${text.stdout}\n${text.stderr}`.split('\n')) expect(line).not.toMatch(/^\s*::/);
    const json = await cli(['precision', '--config', config, '--json']);
    expect(JSON.parse(json.stdout).keep).toEqual([evil, 'sum', 'log']);
  });

  it('cancelled: stops between builds, exits 130, decides no list and leaves no lock or partial file', async () => {
    const runner = makeRunner();
    const config = lseConfig(runner);
    const controller = new AbortController();
    const result = await cli(['precision', '--config', config], {
      signal: controller.signal,
      onStderr: (text) => {
        if (text.startsWith('precision: build 2 ')) controller.abort();
      },
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/the search was cancelled: no list is decided/);
    expect(result.stderr).not.toMatch(/precision: build 3 /);
    expect(result.stdout).toBe('');
    const left = readdirSync(join(runner.dir, 'out'), { recursive: true }).map(String);
    expect(left.filter((f) => /\.tmp$|\.partial$|trt-ci-lock/.test(f))).toEqual([]);
    expect(left.some((f) => f.startsWith(join('precision', 'lse', '3')))).toBe(false);
  });
});

/** The log-sum-exp model in its own config, inputs at [10, 12] (its Exp overflows FP16), `extra` under it. */
function lseConfig(runner: ReturnType<typeof makeRunner>, extra = '', write = true): string {
  if (write) writeFileSync(join(runner.dir, 'lse.onnx'), logSumExpOnnx());
  return runner.writeConfig(
    'output-dir: out\nmodels:\n  - name: lse\n    onnx: lse.onnx\n    precision: fp16\n' +
      extra +
      '    accuracy: { inputs: { x: { range: [10, 12] } } }\n    profiles: [{ name: p, shapes: { x: 1x16 } }]\n',
  );
}

describe('precision-search: true in a run (issue 37)', () => {
  it('a failed fp16 engine: the run searches, the report keeps each build, the summary says the lines', async () => {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: VERSIONS['11.2'] } });
    writeFileSync(join(runner.dir, 'lse.onnx'), logSumExpOnnx());
    const config = runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: lse\n    onnx: lse.onnx\n    precision: fp16\n    precision-search: true\n' +
        '    accuracy: { inputs: { x: { range: [10, 12] } } }\n    profiles: [{ name: p, shapes: { x: 1x16 } }]\n',
    );
    const result = await cli(['run', '--config', config, '--json']);
    // The run's verdict is its engine's: it failed its gate, the list is not in trt-ci.yml yet.
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout);
    const [search] = report.precisionSearch;
    expect(search).toMatchObject({ model: 'lse', outcome: 'found', keep: ['exp', 'sum', 'log'], openedAt: 'exp' });
    expect(search.builds[0]).toMatchObject({ keep: [], passed: false });
    // The list itself passed when built; each smaller one tried failed.
    expect(search.builds).toContainEqual(expect.objectContaining({ keep: ['exp', 'sum', 'log'], passed: true }));
    expect(search.builds.length).toBeLessThanOrEqual(11);
    expect(search.price.accuracy).toBe('passed');
    expect(search.folder).toMatch(/out\/precision\/lse$/);
    const modelLine =
      readFileSync(config, 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('- name: lse')) + 1;
    expect(search.configPosition).toMatchObject({ line: modelLine });
    expect(result.stderr.match(/^precision: build \d+/gm)).toHaveLength(search.builds.length);
    const summary = readFileSync(join(runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toContain('#### 🧪 What to keep in FP32');
    expect(summary).toContain('**lse**: keep `exp`, `sum`, `log` in FP32');
    expect(summary).toContain('```\nkeep-fp32: [exp, sum, log]\n```');
    expect(summary).toMatch(/- latency against all-FP16: [+-]\d/);
    expect(summary).toContain('opened at `exp` where the error starts');
    // Pasted, the next run passes, and searches nothing (its engine passes).
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        'precision-search: true\n',
        'precision-search: true\n    keep-fp32: [exp, sum, log]\n',
      ),
    );
    const rerun = await cli(['run', '--config', config, '--json']);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout).precisionSearch).toEqual([]);
  });

  it('keeps to its max-builds: a budget too small for the list says so, and a bad one is a config error', async () => {
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'lse.onnx'), logSumExpOnnx());
    const config = (search: string) =>
      runner.writeConfig(
        'output-dir: out\nmodels:\n  - name: lse\n    onnx: lse.onnx\n    precision: fp16\n' +
          `    precision-search: ${search}\n` +
          '    accuracy: { inputs: { x: { range: [10, 12] } } }\n    profiles: [{ name: p, shapes: { x: 1x16 } }]\n',
      );
    const small = await cli(['run', '--config', config('{ max-builds: 4 }'), '--json']);
    const [search] = JSON.parse(small.stdout).precisionSearch;
    expect(search.maxBuilds).toBe(4);
    expect(search.builds.length).toBeLessThanOrEqual(4);
    expect(search.outcome).toBe('budget-spent');
    expect(search.spent).toBe('builds');
    // A time spent before the second build (a build takes longer than 1 ms): no list, said as the time's.
    const quick = await cli(['run', '--config', config('{ max-time: 1ms }'), '--json']);
    const [timed] = JSON.parse(quick.stdout).precisionSearch;
    expect(timed).toMatchObject({ outcome: 'budget-spent', spent: 'time', maxSeconds: 0.001, keep: null });
    expect(timed.builds.length).toBeLessThanOrEqual(1);
    for (const wrong of ['{ max-builds: 1 }', '{ max-time: soon }', '{ max-time: 0s }']) {
      const bad = await cli(['run', '--config', config(wrong)]);
      expect(bad.code, wrong).toBe(2);
      expect(bad.stderr).toMatch(/precision-search/);
    }
  });

  it('is off unless asked, and needs precision: fp16 and an accuracy check', async () => {
    const plain = await run('10.16', '    precision: fp16\n');
    expect(plain.report.precisionSearch).toEqual([]);
    const runner = makeRunner();
    writeFileSync(join(runner.dir, 'lse.onnx'), logSumExpOnnx());
    const config = runner.writeConfig(
      'output-dir: out\nmodels:\n  - name: lse\n    onnx: lse.onnx\n    precision-search: true\n' +
        '    profiles: [{ name: p, shapes: { x: 1x16 } }]\n',
    );
    const result = await cli(['run', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/precision-search needs precision: fp16 or bf16 and an accuracy: check/);
  });
});

describe('the "What to keep in FP32" section', () => {
  const record = (over: Partial<PrecisionSearchRecord>): PrecisionSearchRecord => ({
    model: 'm',
    outcome: 'found',
    keep: ['exp'],
    start: [],
    candidates: 4,
    maxBuilds: 32,
    maxSeconds: null,
    spent: null,
    regions: null,
    builds: [
      { keep: [], passed: false, unjudged: null, worst: 'y: 100.0% out of tolerance', planBytes: 2048 },
      { keep: ['exp'], passed: true, unjudged: null, worst: 'y: 0.0% out of tolerance', planBytes: 3072 },
    ],
    openedAt: null,
    price: null,
    error: null,
    dropped: [],
    step: null,
    folder: 'out/precision/m',
    configPosition: null,
    ...over,
  });
  const section = (over: Partial<PrecisionSearchRecord>) =>
    keepFp32Section([{ precisionSearch: [record(over)] } as unknown as Report])!.text;

  it('is absent without a search, and says each outcome in words', () => {
    expect(keepFp32Section([{ precisionSearch: [] } as unknown as Report])).toBeNull();
    expect(section({})).toContain('keep-fp32: [exp]');
    expect(section({})).toContain('- plan size: 3.00 KiB against 2.00 KiB all-FP16');
    expect(section({})).toContain('- latency against all-FP16: not measured');
    expect(section({ outcome: 'budget-spent', spent: 'builds' })).toMatch(
      /the search ran out of its 32 builds: it passes, it may not be/,
    );
    expect(section({ outcome: 'budget-spent', spent: 'time', maxSeconds: 7200 })).toMatch(
      /ran out of its time \(7200 s\): it passes/,
    );
    expect(section({ outcome: 'budget-spent', spent: 'time', maxSeconds: 60, keep: null })).toMatch(
      /ran out of its time \(60 s\) after 2 build\(s\) of 4 candidate node\(s\), before any list was judged/,
    );
    expect(section({ outcome: 'unfixable', keep: null })).toMatch(/no list fixes it: .*y: 100\.0% out of tolerance/);
    expect(section({ outcome: 'none-needed', keep: [] })).toMatch(/nothing; all-FP16 built again passes/);
    const step = 'TensorRT 10.16 → 11.5';
    const still = section({ outcome: 'rechecked', step, keep: ['exp'], builds: [record({}).builds[0]!] });
    expect(still).toContain('on TensorRT 10.16 → 11.5 every kept node is still needed (1 build(s)');
    const two = section({ outcome: 'rechecked', step, keep: ['exp'], dropped: ['sum', 'log'] });
    expect(two).toContain('`sum`, `log` no longer need FP32: the list without them passes');
    const stopped = section({ outcome: 'error', keep: null, error: 'candidate 1 did not build: OOM' });
    expect(stopped).toContain('the search stopped: candidate 1 did not build: OOM.');
    expect(stopped).not.toContain('keep-fp32:');
  });

  it('names the configured list it started from, and a list that gave no verdict (issue 52)', () => {
    const noVerdict = {
      keep: ['exp', 'sum'],
      passed: false,
      unjudged: 'did not build: exit 1',
      worst: '',
      planBytes: null,
    };
    const [first, found] = record({}).builds;
    const started = section({ start: ['exp'], keep: ['exp', 'sum'], builds: [first!, noVerdict, found!] });
    expect(started).toContain('- latency against the configured list (`exp`): not measured');
    expect(started).toContain('- 1 list(s) gave no verdict (did not build: exit 1): counted as not passing');
    expect(section({})).not.toContain('gave no verdict');
    const unknown = section({ outcome: 'unjudged', keep: null, builds: [first!, noVerdict] });
    expect(unknown).toContain('no list is known: with every candidate node kept in FP32 the engine gave no verdict');
    expect(unknown).toContain('(it did not build: exit 1; 2 build(s)');
    // The first candidate gave no verdict: no list, whatever passed later (issue 58).
    const noEvidence = section({ outcome: 'no-evidence', keep: null, builds: [{ ...first!, ...noVerdict }, found!] });
    expect(noEvidence).toContain(
      'no list: all-FP16 gave no verdict (it did not build: exit 1), so nothing shows that any node must be kept',
    );
    expect(noEvidence).not.toContain('keep-fp32:');
  });
});

describe('precision-search after a TensorRT step: the committed list rechecked (issue 37)', () => {
  const MODEL =
    '    precision: fp16\n    precision-search: true\n    keep-fp32: [exp, sum, log, y]\n' +
    '    accuracy: { inputs: { x: { range: [10, 12] } } }\n    profiles: [{ name: p, shapes: { x: 1x16 } }]\n';
  async function on(version: keyof typeof VERSIONS, baseline: string | null, cancelAt: RegExp | null = null) {
    const runner = makeRunner({ trtexecEnv: { TRTEXEC_STANDIN_VERSION: VERSIONS[version] } });
    writeFileSync(join(runner.dir, 'lse.onnx'), logSumExpOnnx());
    const config = runner.writeConfig(`output-dir: out\nmodels:\n  - name: lse\n    onnx: lse.onnx\n${MODEL}`);
    const controller = new AbortController();
    const result = await cli(['run', '--config', config, '--json', ...(baseline ? ['--baseline', baseline] : [])], {
      signal: controller.signal,
      onStderr: (text) => cancelAt?.test(text) && controller.abort(),
    });
    return { result, report: JSON.parse(result.stdout || '{}'), runner };
  }

  it('each kept node left out in turn on the new TensorRT: one not needed is said, with the new line', async () => {
    const before = await on('10.16', null);
    expect(before.result.code, before.result.stderr).toBe(0);
    // The same TensorRT as the baseline: nothing is rechecked.
    expect(before.report.precisionSearch).toEqual([]);
    const baseline = join(before.runner.dir, 'out', 'report.json');
    const same = await on('10.16', baseline);
    expect(same.report.precisionSearch).toEqual([]);
    const after = await on('11.2', baseline);
    expect(after.result.code, after.result.stderr).toBe(0);
    const [recheck] = after.report.precisionSearch;
    expect(recheck).toMatchObject({
      outcome: 'rechecked',
      step: 'TensorRT 10.16 → 11.2',
      dropped: ['y'],
      keep: ['exp', 'sum', 'log'],
    });
    // One build per kept node, the others kept: exp, sum and log are each needed; y is not.
    expect(recheck.builds.map((b: { passed: boolean }) => b.passed)).toEqual([false, false, false, true]);
    const summary = readFileSync(join(after.runner.dir, 'out', 'summary.md'), 'utf8');
    expect(summary).toContain('on TensorRT 10.16 → 11.2, `y` no longer needs FP32');
    expect(summary).toContain('```\nkeep-fp32: [exp, sum, log]\n```');

    // Cancelled after its first build: no more builds, no node dropped, said as cancelled.
    const cut = await on('11.2', baseline, /precision: recheck 1:/);
    expect(cut.result.code).toBe(130);
    expect(cut.report.precisionSearch[0]).toMatchObject({ outcome: 'error', error: 'the search was cancelled' });
    const rechecks = cut.runner.calls().filter((c) => c.args.some((a) => a.includes('/recheck-')));
    expect(rechecks.some((c) => c.args.some((a) => a.includes('/recheck-2/')))).toBe(false);
  });
});

/** `trt-ci precision` in words: the lines to paste, what all-FP16 got, where the search opened, the price. */
async function expectSearchInWords(config: string) {
  const text = await cli(['precision', '--config', config]);
  expect(text.stdout).toContain('    keep-fp32: [exp, sum, log]');
  expect(text.stdout).toMatch(/accuracy: all-FP16 failed \(y: 100\.0% out of tolerance, 1 inf\)/);
  expect(text.stdout).toContain("all-FP16's error starts at exp (Exp): the search opened there");
  expect(text.stdout).toMatch(/latency with the list against all-FP16: [+-]\d/);
  expect(text.stdout).toContain('the list re-verified by a second build');
}
