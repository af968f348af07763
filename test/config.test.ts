import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/load.js';
import { configSchema } from '../src/config/schema.js';
import { envValues } from '../src/config/schema-walk.js';
import { renderJsonSchema } from '../src/config/json-schema.js';
import { onnxInputs } from '../src/onnx/inputs.js';
import { cli, makeRunner } from './support/harness.js';
import { classifierOnnx, inputsOnnx } from './support/onnx-models.js';

const GOOD = `trtexec: trtexec
output-dir: out
workspace: 4GiB
min-workspace: 512MiB
build-timeout: 45m
gpus: all
models:
  - name: upsampler
    onnx: m.onnx
    precision: fp16
    plugins: [libleaky.so]
    profiles:
      - name: sd
        shapes: { x: { min: 1x3x240x320, opt: 1x3x480x640, max: 1x3x720x1280 } }
      - name: hd
        shapes: { x: { min: 1x3x720x1280, opt: 1x3x1080x1920, max: 1x3x1080x1920 } }
    budgets:
      plan-size: 64MiB
      plan-growth: 10%
      zero-fraction: 50%
`;

describe('trt-ci.yml', () => {
  it("reads the README's example into sizes in bytes, durations in ms and paths next to the file", () => {
    const runner = makeRunner();
    runner.touch('m.onnx', 'libleaky.so');
    const file = join(runner.dir, 'trt-ci.yml');
    const config = parseConfig(GOOD, file);
    expect(config.workspaceBytes).toBe(4 * 1024 ** 3);
    expect(config.minWorkspaceBytes).toBe(512 * 1024 ** 2);
    expect(config.buildTimeoutMs).toBe(45 * 60_000);
    expect(config.outputDir).toBe(join(runner.dir, 'out'));
    expect(config.timingCache).toBe(join(runner.dir, '.trt-ci', 'timing.cache'));
    expect(config.trtexec).toBe('trtexec'); // a bare command stays a PATH lookup
    const model = config.models[0]!;
    expect(model.onnx).toBe(join(runner.dir, 'm.onnx'));
    expect(model.plugins).toEqual([join(runner.dir, 'libleaky.so')]);
    expect(model.profiles[1]!.shapes).toEqual([
      { input: 'x', min: [1, 3, 720, 1280], opt: [1, 3, 1080, 1920], max: [1, 3, 1080, 1920] },
    ]);
    expect(model.budgets).toEqual({
      'plan-size': { warn: null, fail: { unit: 'bytes', value: 64 * 1024 ** 2, text: '64MiB' } },
      'plan-growth': { warn: null, fail: { unit: 'fraction', value: 0.1, text: '10%' } },
      'zero-fraction': { warn: null, fail: { unit: 'fraction', value: 0.5, text: '50%' } },
      // not in the config: the default warning for a plan that is mostly a trailing zero run
      'trailing-zeros': { warn: { unit: 'fraction', value: 0.5, text: '50%' }, fail: null },
      // and for an error that grew tenfold (it judges only models with accuracy:)
      'accuracy-drift': { warn: { unit: 'ratio', value: 10, text: '10x' }, fail: null },
    });
    expect(config.where(['models', 0, 'profiles', 1])).toBe(`${file}:15:9 models[0].profiles[1]`);
  });

  it('takes KB/MB/GB as powers of ten and a single shape as a static input', () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = parseConfig(
      'workspace: 2GB\nmin-workspace: 100MB\nmodels: [{ name: m, onnx: ' +
        'm.onnx, profiles: [{ name: p, shapes: { "input:0": 1x3x8x8 } }] }]\n',
      join(runner.dir, 'c.yml'),
    );
    expect(config.workspaceBytes).toBe(2e9);
    expect(config.minWorkspaceBytes).toBe(100e6);
    expect(config.models[0]!.profiles[0]!.shapes[0]).toEqual({
      input: 'input:0',
      min: [1, 3, 8, 8],
      opt: [1, 3, 8, 8],
      max: [1, 3, 8, 8],
    });
  });

  // Each mistake: [what is wrong, the text replaced in GOOD, its replacement, the message expected on stderr].
  const MISTAKES: [string, string, string, RegExp | string][] = [
    [
      'a build-timeout past what a timer holds (it would fire at once)',
      'build-timeout: 45m',
      'build-timeout: 597h',
      /:5:16 build-timeout: expected a duration from 1ms to 596h \(what a timer can hold\), got "597h"/,
    ],
    [
      'a workspace of 0 bytes',
      'workspace: 4GiB',
      'workspace: 0B',
      /:3:12 workspace: expected a workspace of at least 1MiB/,
    ],
    [
      'a dimension of 0',
      'max: 1x3x720x1280',
      'max: 1x3x720x0',
      /shapes\.x\.max: expected dimensions of whole numbers from 1 to 2147483647/,
    ],
    [
      'a dimension past a safe integer',
      'max: 1x3x720x1280',
      'max: 1x3x720x99999999999999999999',
      /shapes\.x\.max: expected dimensions of whole numbers from 1 to 2147483647/,
    ],
    [
      'names whose files collide',
      'models:\n',
      'models:\n  - { name: a.b, onnx: m.onnx, profiles: [{ name: c, shapes: { x: 1x8 } }] }\n' +
        '  - { name: a, onnx: m.onnx, profiles: [{ name: b.c, shapes: { x: 1x8 } }] }\n',
      'models[1].profiles[0].name: expected names whose files do not collide, got "a"/"b.c", ' +
        'which writes a.b.c.plan as models[0].profiles[0] does',
    ],
    [
      'a megabyte of a bad value, quoted cut',
      'gpus: all',
      `gpus: ${'x'.repeat(1_000_000)}`,
      /gpus: expected "all" or a list of GPU indices like \[0, 1\], got "x{60}"… \(1000000 characters\)$/,
    ],
    ['unknown top-level key', 'gpus: all', 'gpu: all', /:6:1 gpu: unknown key "gpu"; did you mean "gpus"\?/],
    [
      'unknown model key',
      '    precision: fp16',
      '    precison: fp16',
      /:10:5 models\[0\]\.precison: unknown key "precison"; did you mean "precision"\?/,
    ],
    [
      'unknown profile key',
      '      - name: hd',
      '      - name: hd\n        shape: {}',
      /:16:9 models\[0\]\.profiles\[1\]\.shape: unknown key "shape"; did you mean "shapes"\?/,
    ],
    [
      'an unknown key in a shape: the shape\'s keys, not "expected dimensions, got nothing"',
      'max: 1x3x720x1280 } }\n      - name: hd',
      'maks: 1x3x720x1280 } }\n      - name: hd',
      /models\[0\]\.profiles\[0\]\.shapes\.x\.maks: unknown key "maks"; did you mean "max"\?/,
    ],
    [
      "an unknown key in a deploy target: the target's keys, not the model's",
      '    precision: fp16',
      '    precision: fp16\n    deploy: [{ name: edge, gpu: L4, runson: [self-hosted] }]',
      /models\[0\]\.deploy\[0\]\.runson: unknown key "runson"; did you mean "runs-on"\?/,
    ],
    [
      'an unknown key in an accuracy check, far from any',
      '    precision: fp16',
      '    precision: fp16\n    accuracy: { tolerance: 1 }',
      /accuracy\.tolerance: unknown key "tolerance"; expected one of inputs, reference, shapes, atol, rtol, cos/,
    ],
    [
      'unknown budget',
      '      zero-fraction: 50%',
      '      zero-fractions: 50%',
      /models\[0\]\.budgets\.zero-fractions: unknown key "zero-fractions"; did you mean "zero-fraction"\?/,
    ],
    [
      'size without unit',
      'workspace: 4GiB',
      'workspace: 4096',
      /:3:12 workspace: expected a size like 4GiB or 512MiB, got 4096/,
    ],
    [
      'size with a bad unit',
      'workspace: 4GiB',
      'workspace: 4 gigs',
      /:3:12 workspace: expected a size like 4GiB or 512MiB .*got "4 gigs"/,
    ],
    [
      'bad budget size',
      'plan-size: 64MiB',
      'plan-size: big',
      /models\[0\]\.budgets\.plan-size: expected a size like 64MiB, or \{ warn, fail \} of those, got "big"/,
    ],
    [
      'bad percentage',
      'zero-fraction: 50%',
      'zero-fraction: half',
      /models\[0\]\.budgets\.zero-fraction: expected a percentage like 10%, or \{ warn, fail \} of those, got "half"/,
    ],
    [
      'bad duration',
      'build-timeout: 45m',
      'build-timeout: 45 minutes',
      /:5:16 build-timeout: expected a duration like 45m, 90s or 2h, got "45 minutes"/,
    ],
    [
      'shape with too few dimensions',
      'max: 1x3x720x1280',
      'max: 1x3x720',
      ':14:65 models[0].profiles[0].shapes.x.max: expected NxCxHxW like 1x3x240x320 (as min has), got "1x3x720"',
    ],
    [
      'shape that is not dimensions',
      'opt: 1x3x480x640',
      'opt: 1x3x480xW',
      /models\[0\]\.profiles\[0\]\.shapes\.x\.opt: expected dimensions like 1x3x224x224, got "1x3x480xW"/,
    ],
    [
      'min > max in one dimension',
      'min: 1x3x720x1280, opt: 1x3x1080x1920, max: 1x3x1080x1920',
      'min: 1x3x720x1280, opt: 1x3x1080x1920, max: 1x3x1080x1280',
      'models[0].profiles[1].shapes.x.max: expected every dimension >= ' +
        'opt 1x3x1080x1920, got "1x3x1080x1280" (dimension 3: 1280 < 1920)',
    ],
    [
      'opt < min',
      'opt: 1x3x480x640',
      'opt: 1x3x120x640',
      'models[0].profiles[0].shapes.x.opt: expected every dimension ' +
        '>= min 1x3x240x320, got "1x3x120x640" (dimension 2: 120 < 240)',
    ],
    [
      'missing max',
      ', max: 1x3x720x1280 }',
      ' }',
      /:14:22 models\[0\]\.profiles\[0\]\.shapes\.x\.max: expected dimensions like 1x3x224x224, got nothing/,
    ],
    [
      'duplicate profile name',
      '      - name: hd',
      '      - name: sd',
      ':15:15 models[0].profiles[1].name: expected a unique profile ' +
        'name in model "upsampler", got "sd" again (profiles[0] has it)',
    ],
    [
      'missing ONNX file',
      'onnx: m.onnx',
      'onnx: missing.onnx',
      /:9:11 models\[0\]\.onnx: expected an ONNX file, got "missing.onnx" which does not exist/,
    ],
    [
      'missing plugin file',
      'plugins: [libleaky.so]',
      'plugins: [libgone.so]',
      /:11:15 models\[0\]\.plugins\[0\]: expected a plugin library, got "libgone.so" which does not exist/,
    ],
    [
      'unknown precision',
      'precision: fp16',
      'precision: fp61',
      /:10:16 models\[0\]\.precision: expected one of fp32, fp16, bf16, int8, fp8, best, strongly-typed, got "fp61"/,
    ],
    [
      'gpus neither all nor a list',
      'gpus: all',
      'gpus: some',
      /:6:7 gpus: expected "all" or a list of GPU indices like \[0, 1\], got "some"/,
    ],
    [
      'no profiles',
      / {4}profiles:\n[\s\S]*?(?= {4}budgets:)/ as unknown as string,
      '    profiles: []\n',
      /models\[0\]\.profiles: expected at least one profile/,
    ],
    [
      'model name that cannot name a file',
      'name: upsampler',
      'name: up/sampler',
      /:8:11 models\[0\]\.name: expected a model name of letters, digits/,
    ],
    [
      'min-workspace above workspace',
      'min-workspace: 512MiB',
      'min-workspace: 8GiB',
      /:4:16 min-workspace: expected at most workspace/,
    ],
    [
      'extra-args that are not flags',
      'gpus: all',
      'gpus: all\nextra-args: [builderOptimizationLevel=5]',
      ':7:14 extra-args[0]: expected a trtexec flag like ' +
        '--builderOptimizationLevel=5, got "builderOptimizationLevel=5"',
    ],
    [
      'a list where a mapping goes',
      'budgets:\n      plan-size: 64MiB\n      plan-growth: 10%\n      zero-fraction: 50%',
      'budgets: [64MiB]',
      /models\[0\]\.budgets: expected a mapping of budgets, got a list/,
    ],
    [
      'warn above fail',
      'plan-growth: 10%',
      'plan-growth: { warn: 30%, fail: 10% }',
      /models\[0\]\.budgets\.plan-growth\.warn: expected warn <= fail \(10%\), got 30%/,
    ],
    [
      'a bad level inside { warn, fail }',
      'plan-size: 64MiB',
      'plan-size: { warn: 32MiB, fail: lots }',
      /models\[0\]\.budgets\.plan-size\.fail: expected a size like 64MiB, got "lots"/,
    ],
    [
      'a budget level that does not exist',
      'plan-size: 64MiB',
      'plan-size: { warn: 32MiB, error: 64MiB }',
      /plan-size\.error: unknown key "error"; expected one of warn, fail/,
    ],
    // base-ref reaches git: nothing in it may be read as an option, a range, a path or shell syntax.
    ...(
      [
        ['an option', '--output=pwned', /git would read as an option/],
        ['a format option', '--format=%H', /git would read as an option/],
        ['a range', 'HEAD..HEAD', /a range \(\.\.\); name one commit/],
        ['a path', 'HEAD:../..', /names a path \(:\)/],
        ['a newline', '"main\\nHEAD"', /whitespace or a control character/],
        ['shell syntax', '"$(id)"', /with a character no ref has/],
      ] as const
    ).map(([what, ref, message]): [string, string, string, RegExp] => [
      `base-ref: ${what}`,
      'gpus: all',
      `gpus: all\nbase-ref: ${ref}`,
      new RegExp(
        'trt-ci\\.yml:7:11 base-ref: expected a git ref like origin/main, v1\\.2, HEAD~1 or a commit; ' +
          `got .*${message.source}`,
      ),
    ]),
    ['YAML that does not parse', 'gpus: all', 'gpus: [0, 1', /trt-ci\.yml:\d+:\d+ invalid YAML: /],
    [
      'a base-plans: folder that is not there',
      'gpus: all',
      'gpus: all\nbase-plans: base',
      /trt-ci\.yml:7:13 base-plans: expected a folder, got .*\/base, which does not exist/,
    ],
    [
      'a base-plans: that is a file',
      'gpus: all',
      'gpus: all\nbase-plans: m.onnx',
      /trt-ci\.yml:7:13 base-plans: expected a folder, got .*\/m\.onnx, which is not one/,
    ],
    [
      'accuracy samples that are not there',
      '    precision: fp16\n',
      '    precision: fp16\n    accuracy: { inputs: samples/ }\n',
      /trt-ci\.yml:11:25 models\[0\]\.accuracy\.inputs: expected a folder, got .*\/samples, which does not exist/,
    ],
    [
      'top-level accuracy samples that are not there',
      'gpus: all',
      'gpus: all\naccuracy: { inputs: gone.npz }',
      /trt-ci\.yml:7:21 accuracy\.inputs: expected a file, got .*gone\.npz, which does not exist/,
    ],
    [
      'a key written twice',
      'gpus: all',
      'gpus: all\ngpus: [0]',
      /trt-ci\.yml:7:1 invalid YAML: Map keys must be unique/,
    ],
  ];

  it.each(MISTAKES)('%s: exit 2 with file:line:col path and what was expected', async (_what, from, to, message) => {
    const runner = makeRunner();
    runner.touch('m.onnx', 'libleaky.so');
    const text = GOOD.replace(from, to);
    expect(text, 'the mistake was planted').not.toBe(GOOD);
    const file = join(runner.dir, 'trt-ci.yml');
    writeFileSync(file, text.replace('trtexec: trtexec\n', `trtexec: ${runner.trtexec}\n`));
    const result = await cli(['build', '--config', file]);
    expect(result.code).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines, 'one line, no stack trace').toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(lines[0]!.startsWith(`trt-ci: ${file}:`)).toBe(true);
    expect(runner.calls()).toEqual([]);
  });

  it("a model's accuracy: is the top-level one with its own keys over it, key by key (as budgets merge)", () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = parseConfig(
      'accuracy: { atol: 0.01, top-k: 5, cosine: 0.9 }\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    accuracy: { rtol: 0.2, cosine: 0.95 }\n    profiles: [{ name: p, shapes: { x: 1x8 } }]\n' +
        '  - name: n\n    onnx: m.onnx\n    profiles: [{ name: p, shapes: { x: 1x8 } }]\n',
      join(runner.dir, 'trt-ci.yml'),
    );
    expect(config.models[0]!.accuracy).toMatchObject({ atol: { absolute: 0.01 }, rtol: 0.2, cosine: 0.95, topK: 5 });
    expect(config.models[1]!.accuracy).toMatchObject({ atol: { absolute: 0.01 }, rtol: 0.001, cosine: 0.9, topK: 5 });
  });

  it('names the file when it cannot be read', async () => {
    const missing = await cli(['build', '--config', '/nonexistent/trt-ci.yml']);
    expect(missing).toMatchObject({
      code: 2,
      stderr: 'trt-ci: /nonexistent/trt-ci.yml: cannot read config: no such file\n',
    });
    const dir = makeRunner().dir;
    const directory = await cli(['run', '--config', dir]);
    expect(directory.code).toBe(2);
    expect(directory.stderr).toBe(`trt-ci: ${dir}: cannot read config: is a directory, expected a trt-ci.yml file\n`);
  });

  it('names the trtexec setting when trtexec cannot be found', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const file = runner.writeConfig(
      'trtexec: no-such-trtexec-here\nmodels: [{ name: m, ' +
        'onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
    );
    const result = await cli(['build', '--config', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /trt-ci\.yml:2:10 trtexec: no-such-trtexec-here: command not found; set trtexec: to its path/,
    );
  });

  it('lists every problem at once, each at its place; an unknown key names itself beside the others', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx', 'libleaky.so');
    const file = join(runner.dir, 'trt-ci.yml');
    const text = GOOD.replace('models:', 'modles:')
      .replace('workspace: 4GiB', 'workspace: lots')
      .replace('gpus: all', 'gpus: some');
    writeFileSync(file, text);
    const result = await cli(['build', '--config', file]);
    expect(result.code).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/:3:12 workspace: expected a size like 4GiB/),
      expect.stringMatching(/:6:7 gpus: expected "all" or a list of GPU indices/),
      expect.stringMatching(/:1:1 models: expected a list of models, got nothing$/),
      expect.stringMatching(/:7:1 modles: unknown key "modles"; did you mean "models"\?$/),
    ]);
    expect(lines.every((line) => line.startsWith(`trt-ci: ${file}:`))).toBe(true);
  });

  it('refuses a YAML alias bomb with exit 2, not a crash', async () => {
    const runner = makeRunner();
    const file = join(runner.dir, 'trt-ci.yml');
    const levels = Array.from(
      { length: 12 },
      (_, i) => `l${i + 1}: &l${i + 1} [${Array(10).fill(`*l${i}`).join(', ')}]`,
    );
    writeFileSync(file, ['l0: &l0 [lol]', ...levels, 'models: []', ''].join('\n'));
    const result = await cli(['build', '--config', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^trt-ci: .*trt-ci\.yml: invalid YAML: .*alias/i);
  });

  it('rejects bad command lines with exit 2', async () => {
    expect((await cli(['frobnicate'])).stderr).toContain('unknown command "frobnicate"');
    expect((await cli(['biuld'])).stderr).toBe(
      'trt-ci: unknown command "biuld"; did you mean build? (trt-ci --help)\n',
    );
    expect((await cli(['build', '--bogus'])).code).toBe(2);
    expect((await cli(['parse-log'])).stderr).toContain('parse-log takes one LOG file, got 0');
    expect((await cli([])).code).toBe(2);
    expect((await cli(['--help'])).code).toBe(0);
  });

  it('refuses an option given twice (the last would win silently) and numbers that are not decimal', async () => {
    const twice = await cli(['build', '--shard', '1/2', '--shard', '2/2']);
    expect([twice.code, twice.stderr]).toEqual([2, 'trt-ci: build: --shard given twice; give it once\n']);
    // --only may be repeated: it is a list.
    const only = await cli(['build', '--config', 'missing.yml', '--only', 'a', '--only', 'b']);
    expect(only.stderr).not.toContain('given twice');
    for (const value of ['0x10', '1e1', ' 8', '8.0']) {
      const result = await cli(['ab', 'a.plan', 'b.plan', '--repetitions', value]);
      expect(result.code, value).toBe(2);
      expect(result.stderr, value).toBe(
        `trt-ci: --repetitions: expected a whole number from 3 to 100, got "${value}"\n`,
      );
    }
  });

  it('keeps command-line habits: --version, --help per command, one line for a wrong option', async () => {
    const version = await cli(['--version']);
    expect(version).toMatchObject({ code: 0, stdout: `${JSON.parse(readFileSync('package.json', 'utf8')).version}\n` });
    expect(await cli(['-v'])).toEqual(version);
    // -h and --help on every command, and `help <command>`, say the same; every exit status is listed.
    for (const command of ['preflight', 'build', 'run', 'verify', 'ab', 'report', 'parse-log']) {
      const long = await cli([command, '--help']);
      expect(long.code, command).toBe(0);
      expect(long.stdout).toContain(`usage: trt-ci ${command}`);
      expect(await cli([command, '-h'])).toEqual(long);
      expect(await cli(['help', command])).toEqual(long);
      for (const status of [0, 1, 2, 70, 74, 130]) expect(long.stdout).toMatch(new RegExp(`^ +${status}  `, 'm'));
    }
    expect((await cli(['help', 'biuld'])).stderr).toContain('did you mean build?');
    const help = await cli(['run', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: trt-ci run [options]');
    expect(help.stdout).toContain('--baseline F');
    expect(help.stdout).not.toContain('--exit-code');
    // An unknown option: one line, the closest option this command takes, no usage dump.
    const typo = await cli(['run', '--jsno']);
    expect(typo).toMatchObject({ code: 2, stderr: 'trt-ci: run: unknown option --jsno; did you mean --json?\n' });
    // An option another command takes is unknown here.
    expect((await cli(['build', '--baseline', 'b.json'])).stderr).toMatch(/^trt-ci: build: unknown option --baseline/);
    expect((await cli(['run', '--config'])).stderr).toBe('trt-ci: run: --config needs a value\n');
    // A config given as an operand is not silently replaced by ./trt-ci.yml.
    const operand = await cli(['run', '../team/trt-ci.yml']);
    expect(operand.code).toBe(2);
    expect(operand.stderr).toBe(
      'trt-ci: run takes no operands, got "../team/trt-ci.yml" (for a config: --config ../team/trt-ci.yml)\n',
    );
  });

  it('each command declares itself once: its help lists its options with their values, and an example', async () => {
    const commands = (await cli(['--help'])).stdout.match(/^ {2}([a-z-]+) {3}/gm)!.map((l) => l.trim());
    expect(commands.length).toBeGreaterThan(10);
    const reference = readFileSync(join(import.meta.dirname, '..', 'docs', 'cli.md'), 'utf8');
    for (const command of commands) {
      const help = (await cli(['help', command])).stdout;
      expect(help, command).toMatch(/\nexamples:\n {2}trt-ci \S+.*\n {6}\S/);
      expect(reference, command).toMatch(new RegExp(`^\\| \`${command}[ \`].* e\\.g\\. \`trt-ci ${command}`, 'm'));
    }
    // The option column is as wide as the command's longest option, for every command alike.
    const run = (await cli(['help', 'run'])).stdout;
    expect(run).toContain('  --baseline F  a report.json');
    expect(run).toContain('  -h, --help    this text');
    // Parsed from the command's own table: a value where none goes, one that looks like an option, twice.
    expect((await cli(['verify', '--json=yes', 'a.plan'])).stderr).toBe('trt-ci: verify: --json takes no value\n');
    expect((await cli(['run', '--config', '--json'])).stderr).toBe(
      'trt-ci: run: --config takes a value; write --config=VALUE for one that starts with -\n',
    );
    expect((await cli(['run', '--baseline', 'a.json', '--baseline', 'b.json'])).stderr).toBe(
      'trt-ci: run: --baseline given twice; give it once\n',
    );
  });

  it.each(['', '0x1', '-1', '256', '1.5', ' 1'])('parse-log --exit-code %j is refused', async (value) => {
    const result = await cli(['parse-log', 'some.log', '--exit-code', value]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^trt-ci: (parse-log: )?--exit-code/);
  });

  // npm run build writes it to schema/; .ci/run checks that the committed copy is fresh.
  it('gives editors a JSON Schema made from the zod schema', () => {
    const schema = JSON.parse(renderJsonSchema());
    expect(schema.properties.models.items.properties.precision.enum).toContain('strongly-typed');
    expect(schema.additionalProperties).toBe(false);
  });

  it('describes every key in that schema (editors show it on hover)', () => {
    const undescribed: string[] = [];
    const walk = (node: Record<string, unknown>, path: string): void => {
      for (const [key, child] of Object.entries((node.properties ?? {}) as Record<string, Record<string, unknown>>)) {
        if (typeof child.description !== 'string' || child.description.length < 5) undescribed.push(`${path}${key}`);
        walk(child, `${path}${key}.`);
      }
      for (const nested of ['items', 'anyOf', 'additionalProperties']) {
        const value = node[nested];
        for (const n of Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [])
          walk(n as Record<string, unknown>, path);
      }
    };
    walk(JSON.parse(renderJsonSchema()), '');
    expect(undescribed).toEqual([]);
  });
});

describe('an ONNX that Git LFS did not fetch', () => {
  it('is refused by run and by preflight, before anything starts, saying to check out LFS files', async () => {
    const runner = makeRunner();
    // What `git clone` leaves without LFS: the pointer (the format of git-lfs/git-lfs docs/spec.md).
    writeFileSync(
      join(runner.dir, 'm.onnx'),
      'version https://git-lfs.github.com/spec/v1\n' +
        'oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 102400000\n',
    );
    const config = runner.writeConfig(
      'output-dir: out\nmodels: [{ name: m, onnx: m.onnx, profiles: [{ name: p, shapes: { x: 1x8 } }] }]\n',
    );
    for (const command of ['run', 'preflight']) {
      const result = await cli([command, '--config', config]);
      expect(result.code, command).toBe(2);
      expect(result.stderr).toMatch(
        /models\[0\]\.onnx: expected an ONNX file, got "m\.onnx", a Git LFS pointer: .*lfs: true, or run git lfs pull/,
      );
    }
    expect(runner.calls()).toEqual([]);
  });
});

describe("profile shapes against the model's own inputs (before any build)", () => {
  it('every problem at once, each at its line, with the model inputs listed and the closest name', async () => {
    const runner = makeRunner();
    const images = [{ name: 'images', type: 'float32' as const, dims: [1, 3, 640, 640] }];
    writeFileSync(join(runner.dir, 'yolo.onnx'), inputsOnnx(images));
    writeFileSync(
      join(runner.dir, 'bert.onnx'),
      inputsOnnx([
        { name: 'input_ids', type: 'int64', dims: ['batch', 'sequence'] },
        { name: 'attention_mask', type: 'int64', dims: ['batch', 'sequence'] },
      ]),
    );
    const yolo = (name: string, shape: string) =>
      `  - { name: ${name}, onnx: yolo.onnx, profiles: [{ name: p, shapes: { ${shape} } }] }`;
    const config = runner.writeConfig(
      [
        'models:',
        yolo('typo', 'image: 1x3x640x640'),
        yolo('rank', 'images: 1x3x640'),
        yolo('fixed', 'images: { min: 1x3x640x640, opt: 1x3x640x640, max: 8x3x640x640 }'),
        yolo('right', 'images: 1x3x640x640'),
        '  - name: bert',
        '    onnx: bert.onnx',
        '    profiles: [{ name: s128, shapes: { input_ids: { min: 1x16, opt: 8x128, max: 16x512 } } }]',
        '',
      ].join('\n'),
    );
    const result = await cli(['build', '--config', config]);
    expect(result.code).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    const shown = 'images \\(float32, 1x3x640x640\\)';
    const mask = 'attention_mask \\(int64, \\?x\\?\\)';
    const at = (model: number, rest: string) => new RegExp(`models\\[${model}\\]\\.profiles\\[0\\]\\.shapes${rest}$`);
    expect(lines).toEqual([
      expect.stringMatching(
        at(
          0,
          '\\.image: expected an input of the model, got "image" \\(did you mean "images"\\?\\); ' +
            `the model's inputs: ${shown}`,
        ),
      ),
      expect.stringMatching(at(1, `\\.images: expected 4 dimensions, as the model's ${shown}, got 1x3x640 \\(3\\)`)),
      expect.stringMatching(
        at(2, `\\.images: expected dimension 0 to be 1, fixed in the model's ${shown}, got max 8x3x640x640`),
      ),
      expect.stringMatching(
        at(
          4,
          `: expected a shape for each dynamic input, got none for ${mask}; the model's inputs: input_ids .*, ${mask}`,
        ),
      ),
    ]);
    expect(lines[0]).toMatch(/trt-ci\.yml:4:75 /);
    expect(runner.calls()).toEqual([]);
  });

  it("reads the inputs of the accuracy tests' classifier: a dynamic batch, fixed channels and size", () => {
    // The accuracy tests' classifier: x [batch, 3, 8, 8], its weights as initializers.
    expect(onnxInputs(Buffer.from(classifierOnnx()))).toEqual([{ name: 'x', type: 'float32', dims: [null, 3, 8, 8] }]);
    expect(() => onnxInputs(Buffer.from('onnx placeholder\n'))).toThrow();
    // Weights listed as inputs (IR < 4) are no input a profile shapes.
    const old = inputsOnnx([{ name: 'x', type: 'float32', dims: [1, 4] }], ['w', 'b']);
    expect(onnxInputs(Buffer.from(old))).toEqual([{ name: 'x', type: 'float32', dims: [1, 4] }]);
  });
});

describe('files extra-args has trtexec read', () => {
  it('must exist (exit 2 at the entry); an empty calibration cache still warns', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx', 'inputs.bin');
    const config = (calib: string) =>
      runner.writeConfig(
        'output-dir: out\nextra-args: ["--loadInputs=x:inputs.bin"]\nmodels:\n  - name: q\n    onnx: m.onnx\n' +
          `    precision: int8\n    extra-args: ["--calib=${calib}", "--noTF32"]\n` +
          '    profiles: [{ name: p, shapes: { x: 1x8 } }]\n',
      );
    const missing = await cli(['build', '--config', config('calib.cache')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /trt-ci\.yml:9:18 models\[0\]\.extra-args\[0\]: expected the file --calib reads, got .*calib\.cache/,
      ),
    ]);
    expect(runner.calls()).toEqual([]);
    writeFileSync(join(runner.dir, 'calib.cache'), '');
    const empty = await cli(['preflight', '--config', config('calib.cache'), '--json']);
    const precision = JSON.parse(empty.stdout).checks.find((c: { id: string }) => c.id === 'precision');
    expect(precision).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('q: int8 without a calibration'),
    });
    writeFileSync(join(runner.dir, 'calib.cache'), 'TRT-8601-EntropyCalibration2\n');
    const filled = await cli(['preflight', '--config', config('calib.cache'), '--json']);
    expect(JSON.parse(filled.stdout).checks.find((c: { id: string }) => c.id === 'precision').status).toBe('pass');
  });
});

describe('values a user means but did not write (issue 24)', () => {
  it('says the likely value, and every problem of the run at once, an unset variable among them', async () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      [
        'output-dir: out',
        'workspace: 8192',
        'models:',
        '  - name: m',
        `    onnx: "${'$'}{NO_SUCH_MODELS_VAR}/m.onnx"`,
        '    precision: FP16',
        '    plugins: [libmissing.so]',
        '    profiles: [{ name: p, shapes: { x: "1x512:8x512:16x512" } }]',
        '    budgets: { plan-growth: 0.1 }',
        '',
      ].join('\n'),
    );
    const result = await cli(['build', '--config', config]);
    expect(result.code).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/workspace: expected a size like 4GiB or 512MiB, got 8192; did you mean 8192MiB\?$/),
      expect.stringMatching(/models\[0\]\.precision: expected one of .*, got "FP16"; did you mean fp16\?$/),
      expect.stringMatching(
        /shapes\.x: expected .*, got "1x512:8x512:16x512"; did you mean \{ min: 1x512, opt: 8x512, max: 16x512 \}\?$/,
      ),
      expect.stringMatching(
        /models\[0\]\.budgets\.plan-growth: expected a percentage like 10%.*, got 0\.1; did you mean 10%\?$/,
      ),
    ]);
    // Fixed, the other problems are all said in one run: the unset variables and the missing plugin.
    writeFileSync(
      config,
      readFileSync(config, 'utf8')
        .replace('workspace: 8192', 'workspace: 8GiB')
        .replace('FP16', 'fp16')
        .replace('"1x512:8x512:16x512"', '{ min: 1x512, opt: 8x512, max: 16x512 }')
        .replace('plan-growth: 0.1', 'plan-growth: 10%'),
    );
    const second = await cli(['build', '--config', config]);
    expect(second.code).toBe(2);
    expect(second.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/models\[0\]\.onnx: expected \$\{NO_SUCH_MODELS_VAR\} to be set/),
      expect.stringMatching(/models\[0\]\.plugins\[0\]: expected a plugin library, got "libmissing\.so"/),
    ]);
  });
});

describe('Environment variables in every path and ref the runner decides (issue 25)', () => {
  const dollar = (name: string) => `\${${name}}`;
  const text = (lines: string) =>
    `${lines}\nmodels:\n  - name: m\n    onnx: m.onnx\n    profiles: [{ name: p, shapes: { x: 1x8 } }]\n`;
  const runner = makeRunner();
  runner.touch('m.onnx');
  const dir = runner.dir;

  it('expands output-dir, cache-dir, base-plans, base-ref, timing-cache and accuracy paths', () => {
    const config = parseConfig(
      text(
        [
          `output-dir: ${dollar('RUNNER_TEMP')}/engines`,
          `cache-dir: ${dollar('CACHE:-/var/cache/trt')}`,
          `base-plans: ${dollar('RUNNER_TEMP')}/base`,
          `base-ref: ${dollar('BASE_SHA:-HEAD~1')}`,
          `timing-cache: ${dollar('RUNNER_TEMP')}/timing.cache`,
          `accuracy: { inputs: "${dollar('SAMPLES')}/x.npz" }`,
        ].join('\n'),
      ),
      `${dir}/trt-ci.yml`,
      dir,
      { RUNNER_TEMP: '/runner/_temp', SAMPLES: '/data', BASE_SHA: 'a'.repeat(40) },
      // The paths only: that they are there is the rules' business (below).
      { files: false },
    );
    expect(config.outputDir).toBe('/runner/_temp/engines');
    expect(config.cacheDir).toBe('/var/cache/trt');
    expect(config.basePlans).toBe('/runner/_temp/base');
    expect(config.baseRef).toBe('a'.repeat(40));
    expect(config.timingCache).toBe('/runner/_temp/timing.cache');
    expect(config.models[0]!.accuracy!.inputs).toEqual({ npz: '/data/x.npz' });
    const fallback = parseConfig(text(`base-ref: ${dollar('BASE_SHA:-HEAD~1')}`), `${dir}/trt-ci.yml`, dir, {});
    expect(fallback.baseRef).toBe('HEAD~1');
  });

  it('oci:// references take variables in cache-dir and cache-pr-repository; one repository twice is refused', () => {
    const env = { ORG: 'acme', REGISTRY: 'ghcr.io' };
    const config = parseConfig(
      text(
        `cache-dir: oci://${dollar('REGISTRY')}/${dollar('ORG')}/trt\n` +
          `cache-pr-repository: oci://ghcr.io/${dollar('ORG')}/trt-pr`,
      ),
      `${dir}/trt-ci.yml`,
      dir,
      env,
    );
    expect(config.cacheRegistry).toEqual({ primary: 'oci://ghcr.io/acme/trt', pr: 'oci://ghcr.io/acme/trt-pr' });
    // Filled in, it must still be a reference a registry takes.
    expect(() =>
      parseConfig(text(`cache-dir: oci://ghcr.io/${dollar('ORG')}/trt`), `${dir}/trt-ci.yml`, dir, {
        ORG: 'Acme Corp',
      }),
    ).toThrow(/cache-dir: "acme\/trt" is not|cache-dir: .*not a repository name/i);
    // Pull requests writing the default branch's own repository: refused at its line.
    expect(() =>
      parseConfig(
        text(`cache-dir: oci://ghcr.io/acme/trt\ncache-pr-repository: oci://ghcr.io/${dollar('ORG')}/trt`),
        `${dir}/trt-ci.yml`,
        dir,
        env,
      ),
    ).toThrow(/trt-ci\.yml:2:\d+ cache-pr-repository: is cache-dir: itself \(.*\): pull requests would write/);
  });

  it('cache-pr-repository is cache-dir: itself however the host is spelled (issue 58)', () => {
    const refused = (primary: string, pr: string) => () =>
      parseConfig(text(`cache-dir: ${primary}\ncache-pr-repository: ${pr}`), `${dir}/trt-ci.yml`, dir, {});
    const same = [
      ['oci://127.0.0.1:5000/acme/trt', 'oci://localhost:5000/acme/trt'],
      ['oci://localhost:5000/acme/trt', 'oci://[::1]:5000/acme/trt'],
      ['oci://ghcr.io/acme/trt', 'oci://GHCR.io/acme/trt'],
      ['oci://ghcr.io/acme/trt', 'oci://ghcr.io:443/acme/trt'],
      ['oci://docker.io/acme/trt', 'oci://registry-1.docker.io/acme/trt'],
    ];
    for (const [primary, pr] of same)
      expect(refused(primary!, pr!), pr).toThrow(/cache-pr-repository: is cache-dir: itself/);
    // Another port, another host, another repository: another registry's repository, taken.
    const other = [
      ['oci://127.0.0.1:5000/acme/trt', 'oci://localhost:5001/acme/trt'],
      ['oci://ghcr.io/acme/trt', 'oci://ghcr.io:8443/acme/trt'],
      ['oci://ghcr.io/acme/trt', 'oci://ghcr.io/acme/trt-pr'],
      ['oci://localhost/acme/trt', 'oci://localhost:443/acme/trt'],
    ];
    for (const [primary, pr] of other) expect(refused(primary!, pr!), pr).not.toThrow();
  });

  it('cache-trust: any beside cache-public-key is a config error: the key would check nothing', () => {
    const key = generateKeyPairSync('ed25519', { publicKeyEncoding: { type: 'spki', format: 'pem' } }).publicKey;
    const config = (trust: string) =>
      parseConfig(
        text(`cache-dir: cache\ncache-trust: ${trust}\ncache-public-key: ${JSON.stringify(key)}`),
        `${dir}/trt-ci.yml`,
        dir,
        {},
      );
    expect(() => config('any')).toThrow(/trt-ci\.yml:2:\d+ cache-trust: is any, which serves every entry unchecked/);
    expect(() => config('own-branch')).not.toThrow();
  });

  it('an unset one is exit 2 naming it and its field; every other one is said too', () => {
    const bad = () =>
      parseConfig(
        text(`output-dir: ${dollar('OUT')}/e\ncache-dir: ${dollar('CACHE')}\nbase-ref: ${dollar('BASE_SHA')}`),
        `${dir}/trt-ci.yml`,
        dir,
        {},
      );
    expect(bad).toThrow(/trt-ci\.yml:1:\d+ output-dir: expected \$\{OUT\} to be set/);
    expect(bad).toThrow(/trt-ci\.yml:2:\d+ cache-dir: expected \$\{CACHE\} to be set/);
    expect(bad).toThrow(/trt-ci\.yml:3:\d+ base-ref: expected \$\{BASE_SHA\} to be set/);
  });

  it('only the keys the schema marks take $NAME: a name, a flag or a shape with a $ stays as written', () => {
    const config = parseConfig(
      `trtexec: ${dollar('TRT')}/trtexec\nextra-args: ["--saveEngine=${dollar('X')}"]\n` +
        `models:\n  - name: m\n    onnx: ${dollar('MODELS')}/m.onnx\n` +
        '    profiles: [{ name: p, shapes: { x: 1x8 } }]\n',
      `${dir}/trt-ci.yml`,
      dir,
      { TRT: '/opt/trt/bin', MODELS: dir, X: 'never' },
    );
    expect(config.trtexec).toBe('/opt/trt/bin/trtexec');
    expect(config.models[0]!.onnx).toBe(join(dir, 'm.onnx'));
    expect(config.extraArgs).toEqual([`--saveEngine=${dollar('X')}`]);
    // The marked keys are the schema's, listed once: the docs say which they are.
    const marked = envValues(configSchema, {
      trtexec: 'a',
      'extra-args': ['b'],
      'output-dir': 'c',
      'timing-cache': 'd',
      accuracy: { inputs: 'e', reference: 'f', shapes: ['opt'] },
      models: [{ name: 'g', onnx: 'h', plugins: ['i'], 'dynamic-plugins': ['j'], profiles: [{ name: 'k' }] }],
    }).map((v) => v.text);
    expect(marked).toEqual(['a', 'c', 'd', 'e', 'f', 'h', 'i', 'j']);
    expect(readFileSync(join(import.meta.dirname, '..', 'docs', 'config.md'), 'utf8')).toMatch(
      /\| `models\[\]\.onnx` \|[^\n]*Takes \$\{NAME\}/,
    );
  });

  it('a base-ref the environment fills with an option or a range is refused, as its own text would be', () => {
    for (const value of ['--upload-pack=touch /tmp/x', 'main..HEAD']) {
      expect(() =>
        parseConfig(text(`base-ref: ${dollar('BASE_SHA')}`), `${dir}/trt-ci.yml`, dir, { BASE_SHA: value }),
      ).toThrow(/trt-ci\.yml:1:\d+ base-ref: expected a git ref like origin\/main or a commit; got /);
    }
  });
});

describe('a timing cache another user left (issue 35)', () => {
  // As root every file is readable: the CLI runs as nobody, against a timing cache only root may read.
  it.skipIf(process.getuid?.() !== 0)('is exit 2 at timing-cache:, not a crash in the build', () => {
    const runner = makeRunner();
    runner.touch('m.onnx');
    const config = runner.writeConfig(
      'output-dir: out\ntiming-cache: timing.cache\nmodels:\n  - name: m\n    onnx: m.onnx\n' +
        '    profiles: [{ name: p, shapes: { x: 1x8 } }]\n',
    );
    writeFileSync(join(runner.dir, 'timing.cache'), 'root only');
    chmodSync(join(runner.dir, 'timing.cache'), 0o600);
    chmodSync(runner.dir, 0o777);
    const cli = join(import.meta.dirname, '..', 'dist', 'cli.js');
    const result = spawnSync(process.execPath, [cli, 'build', '--config', config], {
      uid: 65534,
      gid: 65534,
      cwd: runner.dir,
      encoding: 'utf8',
    });
    expect([result.status, result.stderr.trim()]).toEqual([
      2,
      expect.stringMatching(
        new RegExp(
          '^trt-ci: .*trt-ci\\.yml:\\d+:15 timing-cache: expected a timing cache this user can read and write, ' +
            "got .*timing\\.cache \\(EACCES: another user's file\\?\\); remove it",
        ),
      ),
    ]);
    // The same under cache-dir: (its per-TensorRT, per-GPU timing caches).
    writeFileSync(config, readFileSync(config, 'utf8').replace('timing-cache: timing.cache', 'cache-dir: cache'));
    const timing = join(runner.dir, 'cache', 'timing');
    execFileSync('mkdir', ['-p', timing]);
    writeFileSync(join(timing, '10.16.1.11-NVIDIA-H200.cache'), 'root only');
    chmodSync(join(timing, '10.16.1.11-NVIDIA-H200.cache'), 0o600);
    const underCacheDir = spawnSync(process.execPath, [cli, 'build', '--config', config], {
      uid: 65534,
      gid: 65534,
      cwd: runner.dir,
      encoding: 'utf8',
    });
    expect([underCacheDir.status, underCacheDir.stderr.trim()]).toEqual([
      2,
      expect.stringMatching(/cache-dir: expected a timing cache this user can read and write, got .*H200\.cache/),
    ]);
  });
});
