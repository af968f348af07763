// The rules of a model's precision: keep-fp32 and precision-search, how they go with precision: and extra-args,
// and whether the nodes keep-fp32 names are in the model's graph.
import { closest } from '../common/did-you-mean.js';
import { type Config, type ConfigPath, narrowOf } from '../contract/config.js';
import { onnxGraphOf } from '../onnx/inputs.js';
import { onnxProblem, type Problem } from './model-files.js';
import type { RawConfig } from './schema.js';

/**
 * keep-fp32 names nodes of the model's graph (a typo is a config error, not a node silently left FP16),
 * goes with precision: fp16, and does not fight --layerPrecisions in extra-args. trtexec splits the list at
 * ',' and strips quotes: a name with either cannot be passed.
 */
const UNPASSABLE = /[,']/;

/** precision-search searches an fp16 or bf16 engine's keep-fp32 list by its accuracy gate: it needs both. */
export const searchable = (raw: RawConfig, config: Config): Problem[] =>
  raw.models.flatMap((model, m) => {
    if (!model['precision-search']) return [];
    const resolved = config.models[m]!;
    const missing = [
      ...(narrowOf(resolved.precision) ? [] : ['precision: fp16 or bf16']),
      ...(resolved.accuracy === null ? ['an accuracy: check'] : []),
    ];
    return missing.length === 0
      ? []
      : [{ path: ['models', m, 'precision-search'], message: `precision-search needs ${missing.join(' and ')}` }];
  });

export const keptNodes = (raw: RawConfig, config: Config): Problem[] =>
  raw.models.flatMap((model, m) => {
    const keep = model['keep-fp32'] ?? [];
    if (keep.length === 0) return [];
    const at: ConfigPath = ['models', m, 'keep-fp32'];
    const resolved = config.models[m]!;
    if (!narrowOf(resolved.precision)) {
      const got = resolved.precision ? `precision: ${resolved.precision}` : 'no precision';
      return [
        {
          path: at,
          message: `keep-fp32 keeps nodes out of FP16 or BF16: it needs precision: fp16 or bf16, got ${got}`,
        },
      ];
    }
    const pinned = resolved.extraArgs.find((a) => /^--(layerPrecisions|precisionConstraints)(=|$)/.test(a));
    if (pinned)
      return [{ path: at, message: `keep-fp32 sets --layerPrecisions itself: remove ${pinned} from extra-args` }];
    return keep.flatMap((name, i) =>
      UNPASSABLE.test(name)
        ? [{ path: [...at, i], message: `expected a node name without "," or "'", got "${name}"` }]
        : [],
    );
  });

/** Each keep-fp32 name is a node of the model's graph (or of an If/Loop body in it); a near miss is named. */
export const keptNodesExist = (raw: RawConfig, config: Config): Problem[] =>
  raw.models.flatMap((model, m) => {
    const keep = model['keep-fp32'] ?? [];
    if (keep.length === 0 || onnxProblem(config.models[m]!.onnx)) return [];
    let nodes: readonly string[];
    try {
      const graph = onnxGraphOf(config.models[m]!.onnx);
      nodes = [...graph.nodes, ...(graph.subgraphNodes ?? [])];
    } catch {
      return [];
    }
    const known = new Set(nodes);
    return keep.flatMap((name, i) => {
      if (known.has(name) || UNPASSABLE.test(name)) return [];
      const near = closest(name, nodes);
      const hint = near ? `; did you mean ${near}?` : ` (an unnamed node is node_of_<its first output>)`;
      return [
        { path: ['models', m, 'keep-fp32', i], message: `expected a node of ${model.onnx}, got "${name}"${hint}` },
      ];
    });
  });
