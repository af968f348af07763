import { formatBytes } from '../common/units.js';
import { describeOps, type LayerInfo } from '../tensorrt/layer-info.js';
import type { PlanScan } from '../tensorrt/plan-scan.js';
import { type Diagnosis, PADDING_ISSUE } from '../contract/report.js';
export type { Diagnosis };

/** A plan at least this much trailing zeros is diagnosed. */
const MOSTLY_ZEROS = 0.5;

export function mostlyTrailingZeros(scan: Pick<PlanScan, 'bytes' | 'trailingZeroBytes'>): boolean {
  return scan.bytes > 0 && scan.trailingZeroBytes / scan.bytes >= MOSTLY_ZEROS;
}

/**
 * Why a plan is mostly a trailing zero run, as far as its layer info can tell: TensorRT 11.2 pads the
 * plan with 7× the fp16 activation of every pointwise op that could not fuse into its Conv, and those
 * ops run as Myelin kernels (NVIDIA/TensorRT#4841).
 */
export function diagnosePlan(
  scan: Pick<PlanScan, 'bytes' | 'trailingZeroBytes'>,
  layerInfo: LayerInfo | null,
): Diagnosis | null {
  if (!mostlyTrailingZeros(scan)) return null;
  const share = Math.round((scan.trailingZeroBytes / scan.bytes) * 100);
  const myelinLayers = (layerInfo?.myelin ?? []).map((layer) => ({ ...layer, looksLike: describeOps(layer.ops) }));
  const advice: string[] = [];
  const named = myelinLayers
    .filter((l) => l.kind === 'kgen')
    .map((l) => `${l.name}${l.ops.length ? ` (${l.ops.join(', ')})` : ''}`);
  if (named.length > 0) {
    advice.push(
      `Let the pointwise ops of ` +
        `${named.slice(0, 5).join('; ')}${named.length > 5 ? ` and ${named.length - 5} more` : ''} ` +
        `fuse into their Conv: ` +
        'an op that cannot fuse (for instance a LeakyRelu after a DepthToSpace) ' +
        'can often be moved across the reshaping op, so that Conv+activation fuse again.',
    );
  } else {
    advice.push(
      'Find the pointwise ops that did not fuse into a Conv (for instance ' +
        'an activation after a DepthToSpace) and move them so that they fuse.',
    );
  }
  if (!layerInfo)
    advice.push(
      'Build with --profilingVerbosity=detailed --exportLayerInfo=FILE ' +
        '(trt-ci does, from TensorRT 8.2) to see which Myelin kernels are involved.',
    );
  else if (layerInfo.verbosity === 'layer_names_only')
    advice.push(
      'The layer info has names only: build with ' +
        '--profilingVerbosity=detailed to see the Myelin kernels inside each {ForeignNode[…]}.',
    );
  advice.push(
    'Build the same ONNX with the previous TensorRT and compare: on ' +
      '#4841 the plan was 10,508 bytes with 10.16.1 and 4.4 GB with 11.2.1.',
  );
  advice.push(
    '--builderOptimizationLevel=0 in extra-args only to diagnose: if the ' +
      'padding goes away, the tactic choice is involved (the engine will be slower).',
  );
  return {
    summary:
      `${share}% of the plan ` +
      `(${formatBytes(scan.trailingZeroBytes)} of ${formatBytes(scan.bytes)}) is one run of zeros at its end`,
    layerInfo: layerInfo && { schema: layerInfo.schema, verbosity: layerInfo.verbosity, layers: layerInfo.layers },
    myelinLayers,
    advice,
    link: PADDING_ISSUE,
  };
}
