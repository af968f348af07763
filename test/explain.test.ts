// Why did it change (issue 26): regions by ONNX provenance across different fusions, on real layer info and
// profiles of one network built two ways (test/fixtures/explain), and on mutations of them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildOutcome } from '../src/builds/outcome.js';
import type { Explanation, Latency, Report } from '../src/contract/report.js';
import { baseSideOf, explainChanges } from '../src/explain/stage.js';
import { jobKey } from '../src/builds/jobs.js';
import { TRUST_ALL } from '../src/cache/trust.js';
import type { StageContext } from '../src/builds/stage-context.js';
import { nodesInName, parseEngineLayers, precisionOf } from '../src/tensorrt/layer-info.js';
import { entriesByLine, parseProfile } from '../src/tensorrt/layer-profile.js';
import { explainEngines } from '../src/explain/regions.js';
import { explainBytesLine, explainLine, regionName } from '../src/report/parts/explain.js';
import { EMPTY_GRAPH, type OnnxGraph, onnxGraph, onnxNodeNames } from '../src/onnx/inputs.js';
import { cli, FIXTURES, makeRunner } from './support/harness.js';
import { seeded } from './support/history-maker.js';
import { classifierOnnx, cookbookMnistOnnx } from './support/onnx-models.js';

const fixture = (name: string) => readFileSync(join(FIXTURES, 'explain', name), 'utf8');
/** A graph of these nodes in this order, each making a tensor of its own name. */
const graphOf = (nodes: string[]): OnnxGraph => ({
  nodes,
  producers: new Map(nodes.map((n) => [n, n])),
  inputs: new Map(),
});
const side = (stem: string, graph: OnnxGraph = EMPTY_GRAPH) => ({
  layers: parseEngineLayers(fixture(`${stem}.layers.json`), graph),
  profiles: [parseProfile(fixture(`${stem}.profile.json`))],
});

/** The issue's invariants: every layer of both engines in exactly one region; region times sum to the total. */
function holdsInvariants(explanation: Explanation, base: ReturnType<typeof side>, head: ReturnType<typeof side>) {
  for (const [which, s] of [
    ['base', base],
    ['head', head],
  ] as const) {
    const placed = explanation.regions.flatMap((r) => r[which].layers);
    expect([...placed].sort()).toEqual(s.layers.layers.map((l) => l.name).sort());
    const sum = explanation.regions.reduce((t, r) => t + (r[which].timeMs ?? 0), 0);
    expect(sum).toBeCloseTo(explanation[which].timeMs!, 9);
  }
  const nodes = explanation.regions.flatMap((r) => r.onnxNodes);
  expect(new Set(nodes).size).toBe(nodes.length);
}

/**
 * The base branch's run (into base-out/, its engine cached) and then the pull request's, of another model
 * (into pr-out/, against the base run's report): the head run's result. `extra` is more of the model's keys.
 */
async function baseThenHead(runner: ReturnType<typeof makeRunner>, extra: string) {
  const yaml = (out: string) =>
    `output-dir: ${out}\ncache-dir: cache\nmodels:\n  - name: m\n    onnx: m.onnx\n${extra}` +
    '    profiles: [{ name: p, shapes: { x: 1x3x8x8 } }]\n';
  writeFileSync(join(runner.dir, 'm.onnx'), 'base model');
  const base = await cli(['run', '--config', runner.writeConfig(yaml('base-out')), '--json'], { cwd: runner.dir });
  expect(base.code, base.stderr).toBe(0);
  writeFileSync(join(runner.dir, 'base-report.json'), base.stdout);
  writeFileSync(join(runner.dir, 'm.onnx'), 'head model');
  const config = runner.writeConfig(yaml('pr-out'));
  return cli(['run', '--config', config, '--baseline', 'base-report.json', '--json'], { cwd: runner.dir });
}

describe('real pairs: one network in FP32 and in FP16 (TREx examples)', () => {
  it.each([
    ['pytorch-resnet-a100', 'Conv_0 + Relu_1'],
    ['tensorflow-resnet-rtx3090', 'Conv__435 + resnet50/conv1_relu/Relu'],
  ])('%s: every layer in one region, times add up, the precision change is named', (stem, firstConv) => {
    const [base, head] = [side(`${stem}-fp32`), side(`${stem}-fp16`)];
    const explanation = explainEngines(base, head);
    holdsInvariants(explanation, base, head);
    // The fp16 engine is faster: the layer-time sums say so, and regions carry it.
    expect(explanation.head.timeMs!).toBeLessThan(explanation.base.timeMs!);
    const conv = explanation.regions.find((r) => r.base.layers.includes(firstConv))!;
    expect(conv.head.layers).toContain(firstConv);
    expect(conv.change).toContain('precision');
    expect(conv.base.precisions).toEqual(['fp32']);
    expect(conv.head.precisions).toContain('fp16');
    // Weights halve: Float counts × 4 against Half counts × 2.
    expect(conv.head.weightBytes).toBe(conv.base.weightBytes / 2);
    // Regions are sorted by how much time they moved.
    const deltas = explanation.regions.map((r) => Math.abs(r.deltaMs ?? 0));
    expect(deltas).toEqual([...deltas].sort((a, b) => b - a));
    expect(explainLine(explanation)).toMatch(/^-?\d+% in `.+` — /);
  });

  it('a bigger plan: its growth split into the regions whose weights grew and what is not weights', () => {
    // FP16 as the base, FP32 as the head: every weight doubles; the plans' sizes are made up around them.
    const [base, head] = [side('pytorch-resnet-a100-fp16'), side('pytorch-resnet-a100-fp32')];
    const plan = (bytes: number) => ({ bytes, trailingZeroBytes: 0 });
    const explanation = explainEngines({ ...base, plan: plan(30_000_000) }, { ...head, plan: plan(60_000_000) });
    const { base: b, head: h } = explanation;
    expect(h.weightBytes).toBe(2 * b.weightBytes);
    expect(b.otherBytes).toBe(30_000_000 - b.weightBytes);
    expect(h.otherBytes).toBe(60_000_000 - h.weightBytes);
    const line = explainBytesLine(explanation)!;
    expect(line).toMatch(
      /^\+28\.6 MiB: weights \+[\d.]+ MiB in `[^`]+`, weights \+[\d.]+ MiB in `[^`]+`, \+[\d.]+ MiB not weights/,
    );
    expect(explainBytesLine(explainEngines({ ...head, plan: plan(1) }, { ...base, plan: plan(1) }))).toBeNull();
  });

  it('an engine against itself: no region changed, every delta 0', () => {
    const a = side('pytorch-resnet-a100-fp16');
    const explanation = explainEngines(a, side('pytorch-resnet-a100-fp16'));
    holdsInvariants(explanation, a, a);
    expect(explanation.regions.every((r) => r.change.length === 0 && r.deltaMs === 0)).toBe(true);
    expect(explainLine(explanation)).toBe('no region changed');
  });

  it('an engine of two optimization profiles: profile 0 is compared, and the note says so', () => {
    // The real FP16 ResNet as a two-profile engine would list it: every layer again with " [profile 1]".
    const one = JSON.parse(fixture('pytorch-resnet-a100-fp16.layers.json')) as { Layers: { Name: string }[] };
    const two = {
      ...one,
      Layers: [...one.Layers, ...one.Layers.map((l) => ({ ...l, Name: `${l.Name} [profile 1]` }))],
    };
    const text = JSON.stringify(two);
    const first = parseEngineLayers(text);
    const second = parseEngineLayers(text, EMPTY_GRAPH, 1);
    const single = parseEngineLayers(JSON.stringify(one));
    expect([first.profiles, single.profiles]).toEqual([2, 1]);
    expect(first.layers).toEqual(single.layers);
    expect(second.layers.map((l) => l.name)).toEqual(single.layers.map((l) => l.name));
    const explanation = explainEngines({ layers: first, profiles: [] }, { layers: single, profiles: [] });
    expect(explanation.regions.every((r) => r.change.length === 0)).toBe(true);
    expect(explanation.notes).toContain(
      'the engines hold different numbers of optimization profiles (2 against 1): profile 0 of the base is ' +
        'compared with profile 0 of the head',
    );
    const both = explainEngines({ layers: first, profiles: [] }, { layers: first, profiles: [] });
    expect(both.notes).toContain('engines of 2 optimization profiles: profile 0 of each is compared');
  });

  it('a reformat joins the layer it feeds; the fp16 engine adds reformats that fp32 has not', () => {
    const [base, head] = [side('pytorch-resnet-a100-fp32'), side('pytorch-resnet-a100-fp16')];
    const explanation = explainEngines(base, head);
    const first = explanation.regions.find((r) => r.head.layers.includes('Conv_0 + Relu_1'))!;
    expect(first.head.layers).toContain('Reformatting CopyNode for Input Tensor 0 to Conv_0 + Relu_1');
    expect(explanation.regions.some((r) => r.change.includes('reformat-added'))).toBe(true);
  });
});

describe('regions across different fusions (mutations of the real FP16 engine)', () => {
  const real = JSON.parse(fixture('pytorch-resnet-a100-fp16.layers.json')) as { Layers: Record<string, unknown>[] };
  const profile = parseProfile(fixture('pytorch-resnet-a100-fp16.profile.json'));
  const layersOf = (list: Record<string, unknown>[]) =>
    parseEngineLayers(JSON.stringify({ Layers: list, Bindings: [] }));

  it('two layers merged into one fused layer are one region with the two, named a fusion', () => {
    const i = real.Layers.findIndex((l) => l.Name === 'Conv_3 + Relu_4');
    const j = real.Layers.findIndex((l) => l.Name === 'Conv_5 + Add_6 + Relu_7');
    const merged = { ...real.Layers[j]!, Name: 'Conv_3 + Relu_4 + Conv_5 + Add_6 + Relu_7' };
    const head = [...real.Layers.slice(0, i), ...real.Layers.slice(i + 1, j), merged, ...real.Layers.slice(j + 1)];
    const times = new Map(profile.times);
    times.set(
      merged.Name as string,
      (times.get('Conv_3 + Relu_4') ?? 0) + (times.get('Conv_5 + Add_6 + Relu_7') ?? 0) * 1.5,
    );
    const base = { layers: layersOf(real.Layers), profiles: [profile] };
    const headSide = { layers: layersOf(head), profiles: [{ ...profile, times }] };
    const explanation = explainEngines(base, headSide);
    holdsInvariants(explanation, base, headSide);
    const region = explanation.regions[0]!;
    expect(region.onnxNodes).toEqual(expect.arrayContaining(['Conv_3', 'Relu_4', 'Conv_5', 'Add_6', 'Relu_7']));
    expect(region.base.layers).toEqual(expect.arrayContaining(['Conv_3 + Relu_4', 'Conv_5 + Add_6 + Relu_7']));
    expect(region.head.layers).toContain(merged.Name);
    expect(region.change).toContain('fusion');
    expect(region.deltaMs!).toBeGreaterThan(0);
  });

  it('a ForeignNode covers the ONNX nodes between its ends, given the graph order; without it, its ends', () => {
    const base = layersOf([{ Name: 'A + B', LayerType: 'CaskConvolution' }, { Name: 'C' }, { Name: 'D' }]);
    const head = layersOf([{ Name: '{ForeignNode[A...D]}', LayerType: 'Myelin' }]);
    const ordered = parseEngineLayers(
      JSON.stringify({ Layers: [{ Name: '{ForeignNode[A...D]}' }] }),
      graphOf(['A', 'B', 'C', 'D']),
    );
    const one = explainEngines({ layers: base, profiles: [] }, { layers: ordered, profiles: [] });
    expect(one.regions).toHaveLength(1);
    expect(one.regions[0]!.onnxNodes).toEqual(['A', 'B', 'C', 'D']);
    expect(one.regions[0]!.change).toEqual(['fusion']);
    const coarse = explainEngines({ layers: base, profiles: [] }, { layers: head, profiles: [] });
    expect(coarse.regions.map((r) => r.change)).toEqual(expect.arrayContaining([['gone']]));
  });

  it('Metadata names the nodes, with either separator TensorRT writes (U+001E, U+001F)', () => {
    for (const sep of ['\u001e', '\u001f']) {
      const layers = parseEngineLayers(
        JSON.stringify({
          Layers: [{ Name: '__myl_AddMul_myl0_1', Metadata: `[ONNX Layer: /a/Add]${sep}[ONNX Layer: /a/Mul]` }],
        }),
      );
      expect(layers.layers[0]!.onnxNodes).toEqual(['/a/Add', '/a/Mul']);
    }
  });

  it("a time change within both sides' run-to-run spread is not significant; beyond it, it is", () => {
    const base = { layers: layersOf(real.Layers), profiles: [profile, profile] };
    const wobble = (factor: number) => ({
      ...profile,
      times: new Map([...profile.times].map(([k, v]) => [k, v * factor])),
    });
    const noisy = explainEngines(
      { layers: layersOf(real.Layers), profiles: [wobble(0.95), wobble(1.05)] },
      { layers: layersOf(real.Layers), profiles: [wobble(1.0), wobble(1.04)] },
    );
    expect(noisy.regions.every((r) => r.significant === false)).toBe(true);
    const slower = explainEngines(base, { layers: layersOf(real.Layers), profiles: [wobble(1.5), wobble(1.5)] });
    expect(slower.regions.filter((r) => (r.deltaMs ?? 0) > 0).every((r) => r.significant === true)).toBe(true);
  });
});

describe('the layer info of TensorRT 10 and 11 (test/fixtures/layer-info)', () => {
  it('reads 10.x Format/Datatype and 11.x DataType, StreamId, Metadata and the names-only form', () => {
    const ten = parseEngineLayers(readFileSync(join(FIXTURES, 'layer-info', 'cookbook-10.16.1-detailed.json'), 'utf8'));
    expect(ten.layers[0]).toMatchObject({ onnxNodes: ['node_conv2d', 'node_relu'], precisions: ['fp32'] });
    const eleven = parseEngineLayers(
      readFileSync(join(FIXTURES, 'layer-info', 'issue-4841-11.2-detailed.json'), 'utf8'),
    );
    expect(eleven.schema).toBe('11.x (I/O Tensors)');
    expect(eleven.layers[0]!.precisions).toEqual(['fp16']);
    const names = parseEngineLayers(readFileSync(join(FIXTURES, 'layer-info', 'names-only-10.10.json'), 'utf8'));
    expect(names.verbosity).toBe('layer_names_only');
    expect(names.layers[1]!.reformatOf).toMatch(/^\{ForeignNode\[/);
    const explanation = explainEngines({ layers: names, profiles: [] }, { layers: names, profiles: [] });
    expect(explanation.notes.join('\n')).toMatch(/names only \(built without --profilingVerbosity=detailed\)/);
  });

  it('fused names and precisions as TensorRT spells them', () => {
    expect(nodesInName('features.0.0.weight + QuantizeLinear_8 + Conv_12 + PWN(Clip_16)').nodes).toEqual([
      'features.0.0.weight',
      'QuantizeLinear_8',
      'Conv_12',
      'Clip_16',
    ]);
    expect(
      nodesInName('{ForeignNode[/encoder/Unsqueeze_3 + /encoder/Unsqueeze_4.../match_model/Squeeze]}').foreign,
    ).toEqual(['/encoder/Unsqueeze_3', '/match_model/Squeeze']);
    expect(
      ['Row major linear FP32', 'Half', 'Channel major FP16 format where channel % 8 == 0', 'Int8'].map(precisionOf),
    ).toEqual(['fp32', 'fp16', 'fp16', 'int8']);
    const region = {
      onnxNodes: ['/model.22/cv2/conv/Conv', '/model.22/cv2/act/Mul'],
    } as Explanation['regions'][number];
    expect(regionName(region)).toBe('/model.22/cv2');
  });

  it('reads the graph order of a real ONNX model (the nodes a ForeignNode spans)', () => {
    // Its nodes are unnamed: onnx-tensorrt names their layers node_of_<first output> (getNodeName).
    expect(onnxNodeNames(Buffer.from(classifierOnnx()))).toEqual([
      'node_of_conv',
      'node_of_relu',
      'node_of_flat',
      'node_of_logits',
      'node_of_prob',
    ]);
  });
});

describe('trt-ci explain', () => {
  const at = (name: string) => join(FIXTURES, 'explain', name);

  it('prints the JSON the issue names, and a text line with the top regions', async () => {
    const args = [
      'explain',
      '--base',
      at('pytorch-resnet-a100-fp32.layers.json'),
      '--head',
      at('pytorch-resnet-a100-fp16.layers.json'),
      '--base-profile',
      at('pytorch-resnet-a100-fp32.profile.json'),
      '--head-profile',
      at('pytorch-resnet-a100-fp16.profile.json'),
    ];
    const json = await cli([...args, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const parsed = JSON.parse(json.stdout) as Explanation;
    expect(Object.keys(parsed)).toEqual(['base', 'head', 'regions', 'notes']);
    expect(Object.keys(parsed.regions[0]!)).toEqual(
      expect.arrayContaining(['onnxNodes', 'base', 'head', 'deltaMs', 'share', 'change']),
    );
    const text = await cli(args);
    expect(text.stdout).toMatch(/^base: 32 layers, [\d.]+ ms of layer time; head: 36 layers/);
    expect(text.stdout).toContain('fp32 → fp16');
    // One side's profile only: its times, no deltas, and a note that says why.
    const one = await cli([...args.slice(0, 7), '--json']);
    const halfTimed = JSON.parse(one.stdout) as Explanation;
    expect([halfTimed.base.timeMs! > 0, halfTimed.head.timeMs]).toEqual([true, null]);
    expect(halfTimed.regions.every((r) => r.deltaMs === null)).toBe(true);
    expect(halfTimed.notes).toContain(
      'a profile of the base engine only: its times are shown, with no deltas to the other',
    );
  });

  it('a file that cannot be read or is not layer info is exit 2, one line naming it', async () => {
    const dir = makeRunner().dir;
    writeFileSync(join(dir, 'bad.json'), '{"Layers": 3}');
    for (const [file, message] of [
      [join(dir, 'gone.json'), /gone\.json: cannot read layer info: no such file/],
      [join(dir, 'bad.json'), /bad\.json: expected --exportLayerInfo JSON with a "Layers" list/],
    ] as const) {
      const result = await cli(['explain', '--base', file, '--head', at('pytorch-resnet-a100-fp16.layers.json')]);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
    expect((await cli(['explain', '--head', at('pytorch-resnet-a100-fp16.layers.json')])).code).toBe(2);
  });
});

describe('benchmark: ab explains a slower engine (issue 26)', () => {
  it('the region whose layer got slower and fell back to FP32 comes first in the comment', async () => {
    // The stand-in's timings by plan path: the base engine is the cache's, the head engine is pr-out/'s (the
    // base branch built into base-out/); in the head engine the Myelin kernel is 3x slower and fell back to FP32.
    const runner = makeRunner({
      trtexecEnv: {
        TRTEXEC_STANDIN_LATENCY_MS: 'pr-out/=1.2,cache/=1',
        TRTEXEC_STANDIN_SLOW_LAYER: 'pr-out/=__myl_CastMulLtSeleCast_myl6_0:3',
        TRTEXEC_STANDIN_LAYER_PRECISION: 'pr-out/=__myl_CastMulLtSeleCast_myl6_0:Float',
      },
    });
    const head = await baseThenHead(runner, '    benchmark: ab\n');
    const [build] = (JSON.parse(head.stdout) as { builds: { latency: { verdict: string }; explain: Explanation }[] })
      .builds;
    expect(build!.latency.verdict).toBe('slower');
    const [top] = build!.explain.regions;
    expect(top).toMatchObject({ onnxNodes: ['node_leaky_relu'], significant: true });
    expect(top!.change).toEqual(['precision']);
    expect(top!.base.precisions).toEqual(['fp16']);
    expect(top!.head.precisions).toEqual(['fp32']);
    expect(top!.deltaMs!).toBeGreaterThan(0);
    // Two profile runs a side, interleaved, each with --exportProfile and (below 11.0) --separateProfileRun.
    const profiled = runner.calls().filter((c) => c.args.some((a) => a.startsWith('--exportProfile=')));
    expect(
      profiled.map((c) => (c.args.find((a) => a.startsWith('--loadEngine='))!.includes('/cache/') ? 'base' : 'head')),
    ).toEqual(['base', 'head', 'base', 'head']);
    expect(profiled.every((c) => c.args.includes('--separateProfileRun'))).toBe(true);
    const summary = readFileSync(join(runner.dir, 'pr-out', 'summary.md'), 'utf8');
    expect(summary).toMatch(/\*\*m \/ p\*\* \+\d+\.\d% .*: \d+% in `node_leaky_relu` — fp16 → fp32/);
  });
});

describe('real material of other TensorRT versions', () => {
  const at = (name: string) => join(FIXTURES, 'explain', name);
  const real = (name: string) => JSON.parse(fixture(name)) as { Layers: (string | Record<string, unknown>)[] };

  it('one network by TensorRT 8.4.1 and 8.6.0: the reformats each version added are named, per region', async () => {
    const dir = makeRunner().dir;
    writeFileSync(join(dir, 'model.onnx'), cookbookMnistOnnx());
    const args = [
      '--base',
      at('cookbook-mnist-trt8.4.1.layers.json'),
      '--head',
      at('cookbook-mnist-trt8.6.0.layers.json'),
    ];
    const result = await cli(['explain', ...args, '--onnx', join(dir, 'model.onnx'), '--json']);
    expect(result.code, result.stderr).toBe(0);
    const explanation = JSON.parse(result.stdout) as Explanation;
    const graph = onnxGraph(Buffer.from(cookbookMnistOnnx()));
    // Every layer of both engines in exactly one region, every ONNX node too (the Adds TensorRT folded
    // into the MatMuls, which neither engine names, join their MatMul's region).
    for (const [which, file] of [
      ['base', 'cookbook-mnist-trt8.4.1.layers.json'],
      ['head', 'cookbook-mnist-trt8.6.0.layers.json'],
    ] as const) {
      const placed = explanation.regions.flatMap((r) => r[which].layers);
      expect([...placed].sort()).toEqual((real(file).Layers as string[]).map(String).sort());
    }
    const nodes = explanation.regions.flatMap((r) => r.onnxNodes);
    expect([...nodes].sort()).toEqual([...graph.nodes].sort());
    const changeOf = (node: string) => explanation.regions.find((r) => r.onnxNodes.includes(node))!.change;
    // 8.6.0 reformats the input of the first Conv, of the Transpose, the MatMuls; 8.4.1 reformatted MaxPool-6's.
    expect(changeOf('Conv-1')).toEqual(['reformat-added']);
    expect(changeOf('Transpose-7')).toEqual(['reformat-added']);
    expect(changeOf('MatMul-9')).toEqual(['reformat-added']);
    expect(changeOf('Add-10')).toEqual(['reformat-added']);
    expect(changeOf('MatMul-12')).toEqual(['reformat-added']);
    expect(changeOf('MaxPool-6')).toEqual(['reformat-removed']);
    // MaxPool-3's reformat moved from its output to its input: one each, no change; the rest is the same.
    for (const node of ['MaxPool-3', 'Conv-4', 'Softmax-14']) expect(changeOf(node)).toEqual([]);
    // TensorRT's own layers (a reshape it added, an unnamed shuffle) join the layers they follow.
    const matmul = explanation.regions.find((r) => r.onnxNodes.includes('MatMul-12'))!;
    expect(matmul.head.layers).toEqual([
      'MatMul-12',
      'Reformatting CopyNode for Input Tensor 0 to reshape_after_MatMul-12',
      'reshape_after_MatMul-12',
    ]);
    expect(explanation.regions.find((r) => r.onnxNodes.includes('ArgMax-15'))!.base.layers).toContain(
      '(Unnamed Layer* 32) [Shuffle]',
    );
    expect(explanation.notes.filter((n) => n.includes('names only'))).toHaveLength(2);
  });

  it('a real INT8 DETR with a real 641-iteration profile: invariants hold; a slowed layer leads', () => {
    const layers = parseEngineLayers(fixture('detr-resnet50-int8.layers.json'));
    const profile = parseProfile(fixture('detr-resnet50-int8.profile.json'));
    expect([layers.layers.length, profile.count, profile.median]).toEqual([840, 641, true]);
    const base = { layers, profiles: [profile] };
    const same = explainEngines(base, base);
    holdsInvariants(same, base, base);
    expect(same.notes.join('\n')).not.toMatch(/not in its layer info/);
    expect(same.regions.every((r) => r.change.length === 0 && r.deltaMs === 0)).toBe(true);
    // Each side's regions share out the whole of its layer time.
    const shares = same.regions.reduce((t, r) => t + (r.base.timeShare ?? 0), 0);
    expect(shares).toBeCloseTo(1, 9);
    // The head engine: one real conv layer three times slower.
    const conv = layers.layers.find((l) => l.name.includes('/layer3/2/conv2/Conv'))!;
    const times = new Map(profile.times);
    times.set(conv.name, times.get(conv.name)! * 3);
    const slower = explainEngines(base, { layers, profiles: [{ ...profile, times }] });
    holdsInvariants(slower, base, { layers, profiles: [{ ...profile, times }] });
    const [top] = slower.regions;
    expect(top!.head.layers).toContain(conv.name);
    expect(top!.deltaMs!).toBeCloseTo(profile.times.get(conv.name)! * 2, 9);
    expect(top!.share).toBeCloseTo(1, 9);
  });

  it('the real 10.16.1 layer info: empty Metadata joins the layer before; Int32/Int64 and formats are read', () => {
    const text = readFileSync(join(FIXTURES, 'layer-info', 'cookbook-10.16.1-model-trained.json'), 'utf8');
    const info = parseEngineLayers(text);
    expect(info.layers.map((l) => l.onnxNodes.length > 0)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    const cast = info.layers.at(-1)!;
    expect(cast.precisions).toEqual(['int64']);
    expect(cast.formats).toEqual(['Int32', 'Int64']);
    const explanation = explainEngines({ layers: info, profiles: [] }, { layers: info, profiles: [] });
    const last = explanation.regions.find((r) => r.head.layers.includes(cast.name))!;
    // Myelin's kernels that share a node (node_linear_1, node_softmax) are one region with the cast after them.
    expect(last.head.layers).toEqual([
      '__myl_MulSum_myl4_1',
      '__myl_AddMaxrSubExpSum_myl4_2',
      '__myl_DivMulMaxr_myl4_3',
      '__myl_CastReshCast_myl4_4',
    ]);
    expect(last.onnxNodes).toEqual(['node_linear_1', 'node_softmax', 'node_argmax']);
    expect(explanation.regions.every((r) => r.change.length === 0 && r.head.timeShare === null)).toBe(true);
    // Without Metadata (names only), the library layer's name still gives its node; the kernels' names do not.
    const names = JSON.parse(text).Layers.map((l: { Name: string }) => l.Name) as string[];
    const namesOnly = parseEngineLayers(JSON.stringify({ Layers: names }));
    expect(namesOnly.layers.map((l) => l.onnxNodes)).toEqual([
      ['node_conv2d', 'node_relu'],
      ['node_max_pool2d'],
      ['node_conv2d_1', 'node_relu_1'],
      ['node_max_pool2d_1'],
      ['node_linear'],
      [],
      [],
      [],
      [],
    ]);
  });

  it("reads 11.x's separate Format and Datatype, and leaves a type it cannot name out", () => {
    const layers = parseEngineLayers(
      JSON.stringify({
        Layers: [
          {
            Name: 'conv',
            Inputs: [{ Name: 'x', Format: 'Row major linear FP32 format', Datatype: 'Float' }],
            Outputs: [{ Name: 'y', Format: 'Channel major FP16 format where channel % 8 == 0', DataType: 'Half' }],
          },
          { Name: 'dyn', Outputs: [{ Name: 'z', 'Format/Datatype': 'N/A due to dynamic shapes' }] },
        ],
        'I/O Tensors': [],
      }),
    );
    expect(layers.layers[0]).toMatchObject({
      precisions: ['fp16'],
      formats: ['Row major linear FP32 format', 'Channel major FP16 format where channel % 8 == 0'],
    });
    expect(layers.layers[1]!.precisions).toEqual([]);
    // The layer list alone (no "Layers" object around it) is read the same.
    const list = JSON.parse(fixture('pytorch-resnet-a100-fp16.layers.json')).Layers;
    expect(parseEngineLayers(JSON.stringify(list)).layers).toEqual(side('pytorch-resnet-a100-fp16').layers.layers);
    expect(precisionOf('N/A due to dynamic shapes')).toBeNull();
  });

  it('given the graph, tensors name their node and TensorRT-internal names name none', () => {
    const graph = onnxGraph(Buffer.from(cookbookMnistOnnx()));
    const layers = parseEngineLayers(
      JSON.stringify({
        Layers: ['tensor-9 copy', 'Transpose-7 + Reshape-7 + reshape_before_MatMul-9', 'tensor-3', 'x copy', 'Conv-4'],
      }),
      graph,
    ).layers;
    expect(layers.map((l) => l.onnxNodes)).toEqual([
      ['MatMul-9'],
      ['Transpose-7', 'Reshape-7'],
      ['MaxPool-3'],
      [],
      ['Conv-4'],
    ]);
    // Without the graph, a copy is TensorRT's own layer; an unnamed layer is no node either.
    expect(parseEngineLayers(JSON.stringify({ Layers: ['tensor-9 copy'] })).layers[0]!.onnxNodes).toEqual([]);
    expect(
      nodesInName('MatMul + (Unnamed Layer* 21) [Shuffle]_(Unnamed Layer* 21) [Shuffle]_output + add_2').nodes,
    ).toEqual(['MatMul', 'add_2']);
  });
});

describe('split and merge mutations of a real engine keep the invariants (seeded, 40 rounds)', () => {
  const real = JSON.parse(fixture('pytorch-resnet-a100-fp16.layers.json')) as { Layers: Record<string, unknown>[] };
  const profile = parseProfile(fixture('pytorch-resnet-a100-fp16.profile.json'));
  const base = { layers: parseEngineLayers(JSON.stringify(real)), profiles: [profile] };
  const next = seeded(7);
  const random = (n: number) => Math.floor(next() * n);

  it('merged neighbours and split fused layers: one region each, fusion named, times add up', () => {
    for (let round = 0; round < 40; round += 1) {
      const layers = real.Layers.map((l) => ({ ...l }));
      const times = new Map(profile.times);
      const touched: string[] = [];
      for (let k = 0; k < 3; k += 1) {
        const i = random(layers.length - 1);
        const [a, b] = [layers[i]!, layers[i + 1]!];
        const [na, nb] = [String(a.Name), String(b.Name)];
        if ([na, nb].some((n) => n.startsWith('Reformatting') || touched.includes(n))) continue;
        if (random(2) === 0 && na.includes(' + ')) {
          // Split: "Conv_3 + Relu_4" into "Conv_3" and "Relu_4", the time shared out.
          const parts = na.split(' + ');
          const share = (times.get(na) ?? 0) / parts.length;
          layers.splice(i, 1, ...parts.map((p) => ({ ...a, Name: p })));
          for (const p of parts) times.set(p, share);
          touched.push(...parts);
        } else {
          const merged = `${na} + ${nb}`;
          layers.splice(i, 2, { ...a, Name: merged });
          times.set(merged, (times.get(na) ?? 0) + (times.get(nb) ?? 0));
          touched.push(merged);
        }
      }
      const head = {
        layers: parseEngineLayers(JSON.stringify({ ...real, Layers: layers })),
        profiles: [{ ...profile, times }],
      };
      const explanation = explainEngines(base, head);
      holdsInvariants(explanation, base, head);
      for (const name of touched) {
        const region = explanation.regions.find((r) => r.head.layers.includes(name))!;
        expect(region.change).toContain('fusion');
      }
      const untouched = explanation.regions.filter((r) => !r.head.layers.some((l) => touched.includes(l)));
      expect(untouched.every((r) => !r.change.includes('fusion'))).toBe(true);
    }
  });
});

describe('a plan that grew, with no A/B (issue 26: bigger engines)', () => {
  it('is explained from the layer info beside the cached base plan: the zeros at its end named apart', async () => {
    // The head engine is padded with 1 MiB of zeros (TensorRT 11.2's #4841); the base engine is the cache's.
    const runner = makeRunner({
      version: '11.2.1.2',
      trtexecEnv: { TRTEXEC_STANDIN_PAD_ZEROS: 1024 * 1024, TRTEXEC_STANDIN_ONLY: 'pr-out/' },
    });
    const head = await baseThenHead(runner, '');
    const [build] = (JSON.parse(head.stdout) as { builds: { bytes: number; explain: Explanation }[] }).builds;
    const { explain } = build!;
    expect(explain.head.paddingBytes).toBe(1024 * 1024);
    expect(explain.base.paddingBytes).toBe(0);
    expect(explain.head.planBytes).toBe(build!.bytes);
    expect(explain.head.weightBytes + explain.head.paddingBytes! + explain.head.otherBytes!).toBe(build!.bytes);
    expect(explain.notes).toContain('no profile runs: this engine has no latency A/B (benchmark: ab), so bytes only');
    // No trtexec run was spent on it: the two builds only.
    expect(runner.calls().filter((c) => !c.args.some((a) => a.startsWith('--onnx=')))).toEqual([]);
    const summary = readFileSync(join(runner.dir, 'pr-out', 'summary.md'), 'utf8');
    expect(summary).toContain('#### Where the plans grew');
    expect(summary).toMatch(
      /\*\*m \/ p\*\* plan \+1\.00 MiB: \+1\.00 MiB zeros at the plan's end \(the padding of NVIDIA\/TensorRT#4841\)/,
    );
  });
});

describe('which base engine an explanation reads, and against which graph', () => {
  const dir = makeRunner().dir;
  const outcome = (bytes: number) =>
    ({
      job: { model: { name: 'm', onnx: join(dir, 'models', 'm.onnx') }, profile: { name: 'p' } },
      gpu: null,
      plan: { path: join(dir, 'm.p.plan'), layerInfo: null, scan: { bytes, trailingZeroBytes: 0 } },
    }) as unknown as BuildOutcome;
  const ab = (source: 'rebuilt' | 'cache', plan: string) =>
    ({ verdict: 'slower', baseEngine: { source, plan } }) as unknown as Latency;

  it("the A/B's base: a rebuilt one with its own commit's ONNX beside it, a cached one with none", async () => {
    mkdirSync(join(dir, 'ab'), { recursive: true });
    writeFileSync(join(dir, 'ab', 'm.onnx'), cookbookMnistOnnx());
    const rebuilt = await baseSideOf(outcome(10), ab('rebuilt', join(dir, 'ab', 'base.plan')), null, {
      cacheDir: null,
      basePlans: null,
    });
    expect(rebuilt).toMatchObject({ plan: join(dir, 'ab', 'base.plan'), onnx: join(dir, 'ab', 'm.onnx') });
    const cached = await baseSideOf(outcome(10), ab('cache', join(dir, 'ab', 'base.plan')), null, {
      cacheDir: null,
      basePlans: null,
    });
    expect(cached).toMatchObject({ onnx: null });
  });

  it('with no A/B: only a plan that grew against the baseline, and only with a base plan to read', async () => {
    mkdirSync(join(dir, 'base-plans'), { recursive: true });
    writeFileSync(join(dir, 'base-plans', 'm.p.plan'), 'ftrt');
    const baseline = {
      builds: [{ model: 'm', profile: 'p', gpu: null, bytes: 100, cache: null }],
    } as unknown as Report;
    const config = { cacheDir: null, basePlans: join(dir, 'base-plans') };
    expect(await baseSideOf(outcome(100), null, baseline, config)).toBeNull();
    expect(await baseSideOf(outcome(101), null, baseline, config)).toEqual({
      plan: join(dir, 'base-plans', 'm.p.plan'),
      onnx: null,
      ab: null,
    });
    expect(await baseSideOf(outcome(101), null, null, config)).toBeNull();
    expect(await baseSideOf(outcome(101), null, baseline, { cacheDir: null, basePlans: null })).toBeNull();
  });
});

describe('--exportProfile as trtexec writes it (sampleReporting.cpp: iostream, names not escaped)', () => {
  const profiles = readdirSync(join(FIXTURES, 'explain')).filter((f) => f.endsWith('.profile.json'));

  it.each(profiles)('%s: read line by line, the same entries as JSON.parse gives', (file) => {
    const text = fixture(file);
    expect(entriesByLine(text)).toEqual(JSON.parse(text));
  });

  it('a name with a quote or a backslash, and a nan percentage, still read', () => {
    const text = fixture('pytorch-resnet-a100-fp16.profile.json');
    const real = parseProfile(text);
    const written = text
      // As iostream writes it: the quotes and the backslash as they are.
      .replace('"name" : "Conv_0 + Relu_1"', '"name" : "Conv_0 + Relu_1 "a" \\b"')
      .replace(/"percentage" : [\d.e+-]+ \}/, '"percentage" : -nan }');
    expect(() => JSON.parse(written)).toThrow();
    const read = parseProfile(written);
    expect(read.count).toBe(real.count);
    expect(read.times.size).toBe(real.times.size);
    expect(read.times.get('Conv_0 + Relu_1 "a" \\b')).toBe(real.times.get('Conv_0 + Relu_1'));
    expect(() => parseProfile('{ "not": "a profile" ]')).toThrow(/expected --exportProfile JSON/);
  });
});

describe('an engine that cannot be explained', () => {
  it('is a note on that engine, never the run', async () => {
    const dir = makeRunner().dir;
    writeFileSync(join(dir, 'm.p.layers.json'), fixture('pytorch-resnet-a100-fp16.layers.json'));
    const outcome = {
      job: { model: { name: 'm', onnx: join(dir, 'm.onnx') }, profile: { name: 'p' } },
      gpu: null,
      plan: { path: join(dir, 'm.p.plan'), layerInfo: join(dir, 'm.p.layers.json'), scan: { bytes: 9 } },
    } as unknown as BuildOutcome;
    // A baseline whose builds are not a list (a report another tool wrote, say): the lookup throws.
    const broken = { builds: 'not a list' } as unknown as Report;
    const context = { config: { outputDir: dir, cacheDir: null, basePlans: null }, cacheTrust: TRUST_ALL };
    const explained = await explainChanges([outcome], new Map(), broken, context as unknown as StageContext);
    expect(explained.get(jobKey({ model: 'm', profile: 'p' }))!.notes).toEqual([
      expect.stringMatching(/^it could not be explained: .*find is not a function/),
    ]);
  });
});

describe('bounded work on any input (issue 35)', () => {
  const side = (names: readonly string[]) => ({
    layers: parseEngineLayers(JSON.stringify({ Layers: names, Bindings: [] })),
    profiles: [],
  });

  // Sizes that once overflowed the stack or took minutes (150k names-only layers: npm run bench, explain-scale).
  it('100k unnamed layers join the nearest layer that computes a node, in one pass', () => {
    const names = ['first', ...Array.from({ length: 100_000 }, (_, i) => `(Unnamed Layer* ${i}) [Shuffle]`), 'last'];
    const explanation = explainEngines(side(names), side(names));
    // Every node-less layer joins "first" (the nearest before it); "last" is its own region.
    expect(explanation.regions.map((r) => r.onnxNodes)).toEqual([['first'], ['last']]);
    expect(explanation.regions[0]!.base.layers).toHaveLength(100_001);
  });

  it('a name of 200k nested "{ForeignNode[" is read in one pass, as its ends', () => {
    const name = `${'{ForeignNode['.repeat(200_000)}a...b]}`;
    const { foreign } = nodesInName(name);
    expect(foreign).toEqual([`${'{ForeignNode['.repeat(199_999)}a`, 'b']);
    expect(nodesInName('{ForeignNode[x]}').nodes).toEqual(['x']);
    expect(nodesInName('{ForeignNode[a]b]}').nodes).toEqual(['{ForeignNode[a]b]}']);
  });

  it('a tensor read by 100k nodes: each reader joins its region', () => {
    const readers = Array.from({ length: 100_000 }, (_, i) => `r${i}`);
    const graph: OnnxGraph = {
      nodes: ['src', ...readers],
      inputs: new Map(readers.map((r) => [r, ['t']])),
      producers: new Map([['t', 'src']]),
    } as OnnxGraph;
    const explanation = explainEngines(side(['src']), side(['src']), { graph });
    expect(explanation.regions[0]!.onnxNodes).toHaveLength(100_001);
  });

  it('a FIFO or /dev/zero as --head is refused, not read forever', async () => {
    const runner = makeRunner();
    const fifo = join(runner.dir, 'head.fifo');
    execFileSync('mkfifo', [fifo]);
    writeFileSync(join(runner.dir, 'base.json'), JSON.stringify({ Layers: ['a'] }));
    for (const head of [fifo, '/dev/zero']) {
      const result = await cli(['explain', '--base', join(runner.dir, 'base.json'), '--head', head]);
      expect([result.code, result.stderr]).toEqual([2, expect.stringMatching(/cannot read .*: not a regular file/)]);
    }
    const history = join(runner.dir, 'h');
    mkdirSync(join(history, 'points', '2026-12-01'), { recursive: true });
    execFileSync('mkfifo', [join(history, 'points', '2026-12-01', 'x.jsonl')]);
    const changes = await cli(['history', 'changes', '--history', history]);
    expect([changes.code, changes.stderr]).toEqual([
      0,
      expect.stringContaining('trt-ci: skipped points/2026-12-01/x.jsonl: not a regular file'),
    ]);
  });
});

describe('explain says what it sums and what it cannot tell (issue 35)', () => {
  const layers = (names: readonly string[]) => parseEngineLayers(JSON.stringify({ Layers: names, Bindings: [] }));
  const profile = (times: Record<string, number>) => ({
    count: 100,
    times: new Map(Object.entries(times)),
    median: true,
  });

  it("a change within the runs' spread is said as noise, with no share", () => {
    const base = { layers: layers(['a', 'b']), profiles: [profile({ a: 1, b: 1 }), profile({ a: 1.2, b: 1 })] };
    const head = { layers: layers(['a', 'b']), profiles: [profile({ a: 1.05, b: 1 }), profile({ a: 1.25, b: 1 })] };
    const explanation = explainEngines(base, head);
    const [a] = explanation.regions;
    expect(a!.significant).toBe(false);
    const line = explainLine(explanation, 1);
    expect(line).toBe('within run-to-run noise in `a` — no change in layers, precisions or tactics');
    expect(line).not.toMatch(/%/);
    // The time basis is said: medians over iterations, the mean of the profile runs.
    expect(explanation.notes).toContain(
      "the head engine's times: each layer's median over its iterations (--exportProfile medianMs), summed per " +
        'region, the mean of 2 profile runs',
    );
  });

  it('two engines that share no ONNX node (a re-exported model) are said to, not explained region by region', () => {
    const explanation = explainEngines(
      { layers: layers(['/a/Conv']), profiles: [] },
      { layers: layers(['Conv_0']), profiles: [] },
    );
    expect(explanation.notes[0]).toMatch(/^the two engines share no ONNX node \(a model exported again renames/);
    const same = explainEngines(
      { layers: layers(['/a/Conv']), profiles: [] },
      { layers: layers(['/a/Conv']), profiles: [] },
    );
    expect(same.notes.some((n) => n.includes('share no ONNX node'))).toBe(false);
  });
});
