import { describe, expect, it } from 'vitest';
import type { ModelConfig, ProfileConfig } from '../src/contract/config.js';
import { engineOf } from '../src/runners/plan-runner.js';
import {
  benchmarkArgv,
  buildArgv,
  extraArgProblem,
  precisionFlag,
  profileRunArgv,
  repeatedFlagProblem,
} from '../src/tensorrt/argv.js';
import { flagName, parsedBy } from '../src/tensorrt/flags.js';
import { parseVersion } from '../src/tensorrt/version.js';
import { nextWorkspace } from '../src/builds/build-plan.js';
import { formatDuration, formatMs, parseDuration, parseShare, parseSize } from '../src/common/units.js';
import { isWithin } from '../src/common/within.js';

const v = (text: string) => parseVersion(text)!;
const profile: ProfileConfig = {
  name: 'sd',
  shapes: [{ input: 'x', min: [1, 3, 240, 320], opt: [1, 3, 480, 640], max: [1, 3, 720, 1280] }],
};
const model = (over: Partial<ModelConfig> = {}): ModelConfig => ({
  name: 'up',
  onnx: '/m/up.onnx',
  precision: 'fp16',
  keepFp32: [],
  precisionSearch: null,
  plugins: ['/p/libleaky.so'],
  dynamicPlugins: [],
  profiles: [profile],
  extraArgs: [],
  benchmark: false,
  budgets: {},
  workspaceBytes: 4 * 1024 ** 3,
  minWorkspaceBytes: 512 * 1024 ** 2,
  buildTimeoutMs: 45 * 60_000,
  engine: 'per-profile',
  accuracy: null,
  accuracyOff: false,
  consistency: { off: null, batchDim: null, tolerance: { atol: { shareOfMax: 0.005 }, rtol: 0.005 } },
  deploy: [],
  deployOwn: false,
  deployCost: false,
  ...over,
});
const paths = { plan: '/o/up.sd.plan', layerInfo: '/o/up.sd.layers.json', timingCache: '/c/timing.cache' };
const GiB = 1024 ** 3;

describe('buildArgv per TensorRT version', () => {
  it('10.16: --memPoolSize in MiB, --skipInference, --staticPlugins, detailed layer info', () => {
    expect(buildArgv(v('10.16.1'), model(), profile, 4 * GiB, paths)).toEqual([
      '--onnx=/m/up.onnx',
      '--saveEngine=/o/up.sd.plan',
      '--minShapes=x:1x3x240x320',
      '--optShapes=x:1x3x480x640',
      '--maxShapes=x:1x3x720x1280',
      '--memPoolSize=workspace:4096',
      '--fp16',
      '--timingCacheFile=/c/timing.cache',
      '--skipInference',
      '--staticPlugins=/p/libleaky.so',
      '--profilingVerbosity=detailed',
      '--exportLayerInfo=/o/up.sd.layers.json',
    ]);
  });

  it('8.2: --workspace, --buildOnly, --plugins (no --memPoolSize before 8.4, no --skipInference before 8.6)', () => {
    const argv = buildArgv(v('8.2.1'), model(), profile, 2 * GiB, paths);
    expect(argv).toContain('--workspace=2048');
    expect(argv).toContain('--buildOnly');
    expect(argv).toContain('--plugins=/p/libleaky.so');
    expect(argv).toContain('--exportLayerInfo=/o/up.sd.layers.json');
  });

  it('7.1: no timing cache flag (8.0+) and no layer info (8.2+)', () => {
    const argv = buildArgv(v('7.1.3'), model({ precision: null }), profile, GiB, paths);
    expect(
      argv.some(
        (a) =>
          a.startsWith('--timingCacheFile') ||
          a.startsWith('--exportLayerInfo') ||
          a.startsWith('--profilingVerbosity'),
      ),
    ).toBe(false);
  });

  it('8.4-8.5: --memPoolSize but still --buildOnly and --plugins', () => {
    const argv = buildArgv(v('8.5.3'), model(), profile, 512 * 1024 ** 2, paths);
    expect(argv).toEqual(
      expect.arrayContaining(['--memPoolSize=workspace:512', '--buildOnly', '--plugins=/p/libleaky.so']),
    );
  });

  it('quotes tensor names that hold the shape syntax, and puts extra-args last', () => {
    const odd: ProfileConfig = {
      name: 'p',
      shapes: [
        { input: 'input:0', min: [1], opt: [2], max: [4] },
        { input: 'mask', min: [1], opt: [2], max: [4] },
      ],
    };
    const argv = buildArgv(v('10.16.1'), model({ extraArgs: ['--builderOptimizationLevel=5'] }), odd, GiB, paths);
    expect(argv).toContain("--minShapes='input:0':1,mask:1");
    expect(argv[argv.length - 1]).toBe('--builderOptimizationLevel=5');
  });

  it('a benchmark loads the plan at the opt shapes, with the plugins, under the measurement contract', () => {
    expect(benchmarkArgv(v('10.16.1'), engineOf('/o/up.sd.plan', model(), profile))).toEqual([
      '--loadEngine=/o/up.sd.plan',
      '--shapes=x:1x3x480x640',
      '--staticPlugins=/p/libleaky.so',
      '--noDataTransfers',
      '--useCudaGraph',
      '--useSpinWait',
    ]);
    // 11.x measures so when asked nothing (and warns on the 10.x flags).
    expect(benchmarkArgv(v('11.5.0'), engineOf('/o/up.sd.plan', model(), profile))).toEqual([
      '--loadEngine=/o/up.sd.plan',
      '--shapes=x:1x3x480x640',
      '--staticPlugins=/p/libleaky.so',
    ]);
  });
});

describe("explain's profile runs per version (issue 26)", () => {
  it('--exportProfile always; --separateProfileRun below 11.0 only (a no-op that warns on 11.x)', () => {
    const contract = ['--shapes=x:1x3x480x640'];
    const argv = (version: string) => profileRunArgv(v(version), 'e.plan', contract, 100, 'p.json');
    const common = ['--loadEngine=e.plan', ...contract, '--warmUp=200', '--duration=0', '--iterations=100'];
    for (const version of ['8.6.1', '10.0.0', '10.16.1']) {
      expect(argv(version)).toEqual([...common, '--exportProfile=p.json', '--separateProfileRun']);
    }
    for (const version of ['11.0.0', '11.1.0', '11.2.1'])
      expect(argv(version)).toEqual([...common, '--exportProfile=p.json']);
  });
});

describe('precision per version', () => {
  it.each([
    ['fp16', '10.16.1', '--fp16'],
    ['bf16', '10.0.1', '--bf16'],
    ['fp8', '8.6.1', '--fp8'],
    ['int8', '8.2.1', '--int8'],
    ['strongly-typed', '10.3.0', '--stronglyTyped'],
    ['strongly-typed', '11.2.1', null],
    ['fp32', '11.2.1', null],
  ] as const)('%s on %s → %s', (precision, version, flag) => {
    expect(precisionFlag(precision, v(version))).toEqual({ flag });
  });

  it('fp16 on 11.x (from 11.0) is the FP16 ONNX trt-ci writes; buildArgv refuses to build it from the FP32 one', () => {
    expect(precisionFlag('fp16', v('11.0.0'))).toEqual({ flag: null, writesOnnx: 'fp16' });
    expect(precisionFlag('fp16', v('10.16.1'))).toEqual({ flag: '--fp16' });
    expect(() => buildArgv(v('11.2.1'), model(), profile, GiB, paths)).toThrow(
      /fp16 on TensorRT 11 is built from the written ONNX/,
    );
  });

  it('keep-fp32 on 10.x: each node pinned to FP32 and obeyed; nothing without fp16', () => {
    const argv = buildArgv(v('10.16.1'), model({ keepFp32: ['/a/Exp', 'node_of_x:0'] }), profile, GiB, paths);
    expect(argv).toEqual(
      expect.arrayContaining([
        '--fp16',
        '--layerPrecisions=/a/Exp:fp32,node_of_x:0:fp32',
        '--precisionConstraints=obey',
      ]),
    );
    expect(buildArgv(v('10.16.1'), model(), profile, GiB, paths).some((a) => a.startsWith('--layerPrecisions'))).toBe(
      false,
    );
  });

  it('fp16 and bf16 on 11.x have no flag: trt-ci writes that ONNX; on 10.x they are flags', () => {
    expect(precisionFlag('bf16', v('11.0.0'))).toEqual({ flag: null, writesOnnx: 'bf16' });
    expect(precisionFlag('fp16', v('11.5.0'))).toEqual({ flag: null, writesOnnx: 'fp16' });
    expect(precisionFlag('bf16', v('10.16.1'))).toEqual({ flag: '--bf16' });
  });

  it('int8 on 11.x has no flag: its INT8 comes from the ONNX Q/DQ nodes (preflight checks them)', () => {
    expect(precisionFlag('int8', v('11.0.0'))).toEqual({ flag: null });
    expect(precisionFlag('int8', v('10.16.1'))).toEqual({ flag: '--int8' });
  });

  it.each([
    ['fp8', '11.0.0', /TensorRT 11\.0\.0 builds strongly typed networks and has no --fp8; use precision: fp16 or bf16/],
    ['best', '11.2.1', /has no --best/],
    ['bf16', '8.6.1', /--bf16 needs TensorRT >= 10\.0, this trtexec is 8\.6\.1/],
    ['fp8', '8.5.3', /--fp8 needs TensorRT >= 8\.6/],
    ['strongly-typed', '8.6.1', /--stronglyTyped needs TensorRT >= 10\.0/],
  ] as const)('%s on %s is an error', (precision, version, message) => {
    const result = precisionFlag(precision, v(version));
    expect('error' in result && result.error).toMatch(message);
  });
});

describe('extra-args', () => {
  it('names flags that never existed, were removed, or are not there yet', () => {
    expect(extraArgProblem('--engineCollection=a', v('10.16.1'))).toMatch(/no --engineCollection/);
    expect(extraArgProblem('--optProfile=1', v('10.16.1'))).toMatch(/--profile=N/);
    expect(extraArgProblem('--explicitBatch', v('10.0.1'))).toMatch(/removed in TensorRT 10\.0/);
    expect(extraArgProblem('--builderOptimizationLevel=5', v('8.5.3'))).toMatch(/needs TensorRT >= 8\.6/);
    expect(extraArgProblem('--saveEngine=x', v('10.16.1'))).toMatch(/set by trt-ci/);
    expect(extraArgProblem('--builderOptimizationLevel=5', v('10.16.1'))).toBeNull();
    expect(extraArgProblem('--somethingTrtCiDoesNotKnow', v('10.16.1'), new Set(['--avgRuns']))).toMatch(
      /has no --somethingTrtCiDoesNotKnow/,
    );
  });

  describe('with a --help that lists no flags, the catalog of trtexec sources judges (flag-catalog.ts)', () => {
    it('a flag no trtexec parsed is refused, with the nearest one this version parses', () => {
      expect(extraArgProblem('--fp16x', v('10.16.1'))).toBe(
        'trtexec 10.16.1 has no --fp16x (not in its option parser); did you mean --fp16?',
      );
      expect(extraArgProblem('--fp16x', v('11.1.0'))).toBe('trtexec 11.1.0 has no --fp16x (not in its option parser)');
    });

    it.each([
      // --consistency: first parsed in 8.2 (sampleOptions.cpp 8.2.1).
      ['--consistency', '8.0.1', 'absent'],
      ['--consistency', '8.2.1', 'parsed'],
      // --calibProfile: last parsed in 10.16; 11.0 dropped it with the calibrator.
      ['--calibProfile=0', '10.16.1', 'parsed'],
      ['--calibProfile=0', '11.0.0', 'absent'],
      // Past the catalog (11.1), a flag 11.1 parses is taken as still there; one it does not is absent up to the
      // last release whose notes trt-ci read (11.5), and unknown after it: trtexec itself says.
      ['--avgRuns=5', '11.5.0', 'parsed'],
      ['--calibProfile=0', '11.5.0', 'absent'],
      ['--calibProfile=0', '11.6.0', 'unknown'],
      ['--fp16x', '11.5.0', 'absent'],
      ['--fp16x', '11.6.0', 'unknown'],
      // Release-note flags (FLAG_SPANS) past the catalog.
      ['--greenContext=sm:8', '11.4.0', 'parsed'],
    ] as const)('%s on %s: %s', (arg, version, verdict) => {
      expect(parsedBy(flagName(arg), v(version))).toBe(verdict);
      const problem = extraArgProblem(arg, v(version));
      if (verdict === 'absent') expect(problem).toMatch(/not in its option parser/);
      else expect(problem).toBeNull();
    });

    it('a --help that lists the flag wins over the catalog; single-dash arguments are not judged', () => {
      expect(extraArgProblem('--fp16x', v('10.16.1'), new Set(['--fp16x']))).toBeNull();
      expect(extraArgProblem('-v', v('10.16.1'))).toBeNull();
    });
  });

  it("on 11.x names the 11.x way for 10.x's precision controls; an FP16 I/O format is an error there only", () => {
    expect(extraArgProblem('--layerPrecisions=a:fp32', v('11.0.0'))).toMatch(/removed in TensorRT 11\.0.*keep-fp32/);
    expect(extraArgProblem('--precisionConstraints=obey', v('11.2.1'))).toMatch(/keep-fp32/);
    expect(extraArgProblem('--layerPrecisions=a:fp32', v('10.16.1'))).toBeNull();
    const io = '--inputIOFormats=fp32:chw,fp16:chw';
    expect(extraArgProblem(io, v('11.0.0'))).toMatch(/--inputIOFormats=fp16:chw: .*strongly typed.*strongly-typed/);
    expect(extraArgProblem('--outputIOFormats=bf16', v('11.5.0'))).toMatch(/outputIOFormats=bf16/);
    expect(extraArgProblem(io, v('10.16.1'))).toBeNull();
    expect(extraArgProblem('--inputIOFormats=fp32:chw,int8:chw', v('11.2.1'))).toBeNull();
  });
});

describe('TensorRT 11.1 to 11.5 flags (docs/trtexec-flags.md)', () => {
  it.each([
    ['--refPair=in:a.raw,out:b.raw', '11.1.0'],
    ['--tuneBuildRoutes=conv_use_long_w', '11.1.0'],
    ['--saveAllEngines', '11.1.0'],
    ['--greenContext=sm:32', '11.4.0'],
    ['--dumpKernelText', '10.13.0'],
    ['--remoteAutoTuningConfig=r.json', '10.13.0'],
    ['--dlaWorkspaceAllocationStrategy=eager', '11.4.0'],
    ['--independentWeightLayouts', '11.5.0'],
  ] as const)('%s: from %s, not in the minor before it', (arg, since) => {
    const [major, minor] = since.split('.').map(Number) as [number, number];
    expect(extraArgProblem(arg, v(since))).toBeNull();
    expect(extraArgProblem(arg, v(`${major}.${minor - 1}.0`))).toMatch(
      new RegExp(`needs TensorRT >= ${major}\\.${minor}`),
    );
  });

  it('a safety engine’s shared object is refused where it exists, and unknown before 11.5', () => {
    expect(extraArgProblem('--saveEngineSo=e.so', v('11.5.0'))).toMatch(/requires --safe.*standard engines/);
    expect(extraArgProblem('--loadEngineSo=e.so', v('11.5.0'))).toMatch(/safety engines/);
    expect(extraArgProblem('--saveEngineSo=e.so', v('11.4.1'))).toMatch(/needs TensorRT >= 11\.5/);
  });

  it('a repeated flag: the build fails on it up to 11.3, one copy is dropped from 11.4; repeatable lists pass', () => {
    const fp16 = model();
    expect(repeatedFlagProblem('--noTF32', ['--noTF32'], fp16, v('11.3.0'))).toMatch(
      /given twice \(extra-args gives it twice\).*fails the build on the other as an unknown option/,
    );
    expect(repeatedFlagProblem('--noTF32', ['--noTF32'], fp16, v('11.4.0'))).toMatch(/keeps one and warns/);
    expect(repeatedFlagProblem('--noTF32', ['--sparsity=enable'], fp16, v('11.3.0'))).toBeNull();
    // trt-ci's own: the layer info's verbosity, and keep-fp32's pins on 10.x.
    expect(repeatedFlagProblem('--profilingVerbosity', [], fp16, v('10.16.1'))).toMatch(/trt-ci sets it/);
    const kept = model({ keepFp32: ['exp'] });
    expect(repeatedFlagProblem('--layerPrecisions', [], kept, v('10.16.1'))).toMatch(/trt-ci sets it/);
    expect(repeatedFlagProblem('--layerPrecisions', [], fp16, v('10.16.1'))).toBeNull();
    expect(repeatedFlagProblem('--dynamicPlugins', ['--dynamicPlugins=a.so'], fp16, v('10.16.1'))).toBeNull();
  });
});

describe('workspace back-off', () => {
  it('halves down to the floor and stops there', () => {
    const MiB = 1024 ** 2;
    const steps: number[] = [];
    for (let w: number | null = 4096 * MiB; w !== null; w = nextWorkspace(w, 600 * MiB)) steps.push(w / MiB);
    expect(steps).toEqual([4096, 2048, 1024, 600]);
    expect(nextWorkspace(512 * MiB, 512 * MiB)).toBeNull();
  });
});

describe('units', () => {
  it.each([
    ['4GiB', 4 * GiB],
    ['512MiB', 512 * 1024 ** 2],
    ['1.5GiB', 1.5 * GiB],
    ['10KB', 10_000],
    ['3 GB', 3e9],
    ['7B', 7],
  ] as const)('size %s', (text, bytes) => expect(parseSize(text)).toBe(bytes));
  it.each(['4', '4gb', 'GiB', '-1GiB', '4 GiBs'])('not a size: %s', (text) => expect(parseSize(text)).toBeNull());
  it.each([
    ['45m', 2_700_000],
    ['90s', 90_000],
    ['1.5h', 5_400_000],
    ['250ms', 250],
  ] as const)('duration %s', (text, ms) => expect(parseDuration(text)).toBe(ms));
  it.each(['45', '1d', 'm'])('not a duration: %s', (text) => expect(parseDuration(text)).toBeNull());
  it.each([
    ['10%', 0.1],
    ['0.5%', 0.005],
    ['100%', 1],
    [' 2% ', 0.02],
  ] as const)('share %s', (text, share) => expect(parseShare(text)).toBeCloseTo(share, 12));
  it.each(['10', '%', '-5%', '1e2%', '5 %'])('not a share: %s', (text) => expect(parseShare(text)).toBeNull());
  it.each([
    ['/a/b', '/a/b', true],
    ['/a/b', '/a/b/c/d.plan', true],
    ['/a/b', '/a/b/../b/c', true],
    ['/a/b', '/a/bc/d', false],
    ['/a/b', '/a/b/../c', false],
    ['/a/b', '/etc/shadow', false],
  ] as const)('within %s: %s is %s', (folder, path, inside) => expect(isWithin(folder, path)).toBe(inside));
});

describe('durations in messages', () => {
  it.each([
    ['45m', '45 min'],
    ['90s', '90 s'],
    ['2h', '2 h'],
    ['1.5h', '90 min'],
    ['1500ms', '1500 ms'],
  ])('%s is said as %s', (written, said) => {
    expect(formatDuration(parseDuration(written)!)).toBe(said);
  });
});

describe('latency in messages', () => {
  it.each([
    [0.0436642, '0.0437 ms'],
    [1.23456, '1.23 ms'],
    [123.456, '123 ms'],
    [2, '2 ms'],
  ])('%s ms is said as %s', (ms, said) => {
    expect(formatMs(ms)).toBe(said);
  });
});
