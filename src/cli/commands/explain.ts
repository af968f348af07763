import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError, requireRegularFile } from '../../common/errors.js';
import { EXIT } from '../../contract/exit.js';
import { parseEngineLayers } from '../../tensorrt/layer-info.js';
import { parseProfile } from '../../tensorrt/layer-profile.js';
import { explainEngines } from '../../explain/regions.js';
import { explainLine, explainRows } from '../../report/parts/explain.js';
import { EMPTY_GRAPH, type OnnxGraph, onnxGraph } from '../../onnx/inputs.js';
import type { CliIo } from '../io.js';
import { defineCommand } from '../command.js';
import { JSON_OUTPUT } from '../options.js';

export interface ExplainOptions {
  base: string | null;
  head: string | null;
  baseProfiles: string[];
  headProfiles: string[];
  onnx: string | null;
  baseOnnx: string | null;
  headOnnx: string | null;
  json: boolean;
}

/** trt-ci explain: where and why two engines of one network differ, from their files alone. */
async function explainCommand(options: ExplainOptions, io: CliIo): Promise<number> {
  if (!options.base || !options.head) {
    throw new InputError('explain: expected --base A.layers.json and --head B.layers.json (--exportLayerInfo files)');
  }
  if (options.onnx && (options.baseOnnx || options.headOnnx)) {
    throw new InputError('explain: give --onnx (one model for both) or --base-onnx and --head-onnx, not both');
  }
  const read = (file: string, what: string) => {
    // A FIFO or /dev/zero as a file would be read forever: refused before it is opened.
    requireRegularFile(resolve(io.cwd, file), file, what, 'a file');
    try {
      return readFileSync(resolve(io.cwd, file));
    } catch (error) {
      throw new InputError(`${file}: cannot read ${what}: ${(error as NodeJS.ErrnoException).code ?? error}`);
    }
  };
  const parsed = <T>(file: string, what: string, parse: (text: string) => T): T => {
    try {
      return parse(read(file, what).toString('utf8'));
    } catch (error) {
      if (error instanceof InputError) throw error;
      throw new InputError(`${file}: ${(error as Error).message}`);
    }
  };
  const graphOf = (file: string | null): OnnxGraph => {
    if (!file) return EMPTY_GRAPH;
    const bytes = read(file, 'the ONNX model');
    try {
      return onnxGraph(bytes);
    } catch (error) {
      throw new InputError(`${file}: expected an ONNX model: ${(error as Error).message}`);
    }
  };
  const baseGraph = graphOf(options.baseOnnx ?? options.onnx);
  const headGraph = options.headOnnx ? graphOf(options.headOnnx) : options.onnx ? baseGraph : EMPTY_GRAPH;
  const side = (layers: string, profiles: string[], graph: OnnxGraph) => ({
    layers: parsed(layers, 'layer info', (t) => parseEngineLayers(t, graph)),
    profiles: profiles.map((p) => parsed(p, 'a profile', parseProfile)),
  });
  const explanation = explainEngines(
    side(options.base, options.baseProfiles, baseGraph),
    side(options.head, options.headProfiles, headGraph),
    { graph: options.headOnnx || options.onnx ? headGraph : baseGraph },
  );
  if (options.json) {
    io.stdout(`${JSON.stringify(explanation, null, 2)}\n`);
    return EXIT.passed;
  }
  const { base, head } = explanation;
  const total = (t: number | null) => (t === null ? 'no profile' : `${t.toFixed(4)} ms of layer time`);
  const lines = [
    `base: ${base.layers} layers, ${total(base.timeMs)}; head: ${head.layers} layers, ${total(head.timeMs)}`,
    explainLine(explanation, 3),
    '',
    ...explainRows(explanation).map((row) => `  ${row.join('  |  ')}`),
    ...explanation.notes.map((note) => `note: ${note}`),
  ];
  io.stdout(`${lines.join('\n')}\n`);
  return EXIT.passed;
}

export const explain = defineCommand({
  name: 'explain',
  summary: 'where and why two engines of one network differ: regions by ONNX node, time, weights, precisions',
  operands: '',
  options: {
    base: { type: 'string', arg: 'F', help: "the base engine's --exportLayerInfo JSON" },
    head: { type: 'string', arg: 'F', help: "the head engine's --exportLayerInfo JSON" },
    'base-profile': {
      type: 'string',
      multiple: true,
      arg: 'F',
      help: 'an --exportProfile of the base engine (repeat: runs make the noise)',
    },
    'head-profile': { type: 'string', multiple: true, arg: 'F', help: 'an --exportProfile of the head engine' },
    onnx: { type: 'string', arg: 'F', help: 'the ONNX both were built from (expands ForeignNode ranges)' },
    'base-onnx': { type: 'string', arg: 'F', help: "the base engine's ONNX, when the two differ" },
    'head-onnx': { type: 'string', arg: 'F', help: "the head engine's ONNX" },
    json: JSON_OUTPUT,
  },
  examples: [['trt-ci explain --base a.layers.json --head b.layers.json --onnx m.onnx', 'what changed, per region']],
  run: (_, values, io) =>
    explainCommand(
      {
        base: values.base ?? null,
        head: values.head ?? null,
        baseProfiles: values['base-profile'] ?? [],
        headProfiles: values['head-profile'] ?? [],
        onnx: values.onnx ?? null,
        baseOnnx: values['base-onnx'] ?? null,
        headOnnx: values['head-onnx'] ?? null,
        json: values.json ?? false,
      },
      io,
    ),
});
