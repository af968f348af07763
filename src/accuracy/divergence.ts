// The first-divergence pass, for an engine that failed its accuracy gate: a copy of its ONNX with the
// intermediate tensors marked as outputs (onnx/marked.ts), built once with the engine's own flags
// (FP16 written from the marked copy on TensorRT 11, --fp16 and keep-fp32's --layerPrecisions on 10), run on
// the check's inputs at the shape that failed, each marked tensor against ONNX Runtime's on the same marked
// model (never the cache: a marked reference serves no other run). first-divergence.ts names the node. What
// goes wrong is said in the record, never the run: the pass only explains a failure the check already made.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildOutcome } from '../builds/outcome.js';
import { sideJob } from '../builds/jobs.js';
import {
  precisionOnnxFolder,
  writeOnnxCopy,
  writePrecisionOnnx,
  writesPrecisionOnnx,
} from '../builds/precision-onnx.js';
import { errorMessage } from '../common/errors.js';
import { type AccuracyConfig, type ModelConfig, narrowOf, type ShapeChoice } from '../contract/config.js';
import type { Accuracy, Divergence } from '../contract/report.js';
import type { StageContext } from '../builds/stage-context.js';
import type { TensorRtVersion } from '../tensorrt/version.js';
import { readEngineLayers } from '../tensorrt/layer-info.js';
import { markOutputs } from '../onnx/marked.js';
import { mixedPrecisionOnnx } from '../onnx/mixed-precision.js';
import { readOnnxIo } from '../onnx/inputs.js';
import { firstDivergence, mainGraphNodes, tensorsToMark } from './first-divergence.js';

/** Where a check writes its files, and whether its reference may come from (and go to) the cache. */
export interface CheckPlace {
  folder: string;
  cachedReference: boolean;
}

/** The accuracy stage's check of one engine, in a folder of the pass's own. */
type CheckMarked = (
  outcome: BuildOutcome,
  plan: string,
  check: AccuracyConfig,
  context: StageContext,
  place: CheckPlace,
) => Promise<Accuracy>;

/**
 * The engine's own flags for the marked copy: on 11.x its FP16 or BF16 ONNX is written again, from the marked
 * copy, and ONNX Runtime's check judges the outputs of the model itself (a marked tensor carries FP16's error:
 * that is what the pass measures).
 */
async function markedPrecisionOnnx(marked: ModelConfig, original: string, dir: string, version: TensorRtVersion) {
  if (!writesPrecisionOnnx(marked, version)) return undefined;
  const outputs = new Set(readOnnxIo(original).outputs.map((o) => o.name));
  return writePrecisionOnnx(marked, precisionOnnxFolder(marked, dir), undefined, outputs);
}

/** Where `checked` (a failed check of `outcome`) first leaves its tolerance, or why that cannot be said. */
export async function findFirstDivergence(
  outcome: BuildOutcome,
  checked: Accuracy,
  context: StageContext,
  checkMarked: CheckMarked,
): Promise<Divergence> {
  const { job, plan } = outcome;
  const check = job.model.accuracy!;
  // The marked engine is judged without top-k (it means nothing for a hidden tensor): a failure by top-k
  // alone would pass there and read as a fusion that marking broke, so it is said instead of searched.
  const beyondTopK = (o: Accuracy['outputs'][number]) =>
    o.nan + o.inf > 0 ||
    o.outOfTolerance > 0 ||
    (check.cosine !== null && o.cosine !== null && o.cosine < check.cosine);
  const failing = checked.outputs.find((o) => o.failure !== null && beyondTopK(o));
  const shape: ShapeChoice | 'interior' = failing?.shape ?? checked.outputs.find((o) => o.failure)?.shape ?? 'opt';
  const dir = join(context.config.outputDir, 'divergence', `${job.model.name}.${job.profile.name}`);
  const said = { log: null as string | null, onnx: null as string | null };
  const fail = (problem: string): Divergence => ({
    status: 'error',
    shape,
    marked: 0,
    node: null,
    op: null,
    computes: null,
    tensor: null,
    error: null,
    failure: null,
    downstream: null,
    outputsFailing: [],
    span: [],
    problem,
    ...said,
    configPosition: null,
  });
  if (!failing)
    return fail(
      'the engine failed by top-k alone, which a hidden tensor cannot be judged by: no node is named ' +
        '(`trt-ci precision` searches with the plain engine and its whole gate)',
    );
  try {
    await rm(dir, { recursive: true, force: true });
    await mkdir(join(dir, 'marked'), { recursive: true });
    const source = await readFile(job.model.onnx);
    const nodes = mainGraphNodes(
      mixedPrecisionOnnx(source, {
        narrow: narrowOf(job.model.precision) ?? 'fp16',
        keep: new Set(job.model.keepFp32),
      }).nodes,
    );
    const layers = plan?.layerInfo ? ((await readEngineLayers(plan.layerInfo))?.layers ?? null) : null;
    const marked = tensorsToMark(nodes, layers);
    if (marked.length === 0) return fail('the graph has no float tensor to mark');
    said.onnx = await writeOnnxCopy(job.model.onnx, markOutputs(source, marked), join(dir, 'marked'));
    const markedModel = { ...job.model, onnx: said.onnx };
    const precisionOnnx = await markedPrecisionOnnx(markedModel, job.model.onnx, dir, context.version);
    const workspaceBytes = outcome.attempts.at(-1)?.workspaceBytes ?? job.model.workspaceBytes;
    const markedJob = sideJob(job, dir, 'marked', { model: markedModel, precisionOnnx, workspaceBytes });
    const build = await context.buildPlan(markedJob, outcome.gpu?.index ?? null);
    said.log = build.attempts.at(-1)?.log ?? null;
    if (!build.plan)
      return fail(`the engine with marked outputs did not build: ${build.failure?.message ?? 'no plan'}`);
    // One shape, every marked tensor against ONNX Runtime's on the marked model; top-k means nothing for an
    // intermediate tensor, so tensors are judged by atol, rtol and cosine.
    // At the one shape that failed: two interior points share a name, and only one may have failed.
    const markedCheck = {
      ...check,
      shapes: [shape],
      reference: null,
      topK: null,
      ...(failing.at && { onlyAt: failing.at }),
    };
    const markedOutcome = { ...outcome, job: markedJob };
    const run = await checkMarked(markedOutcome, build.plan.path, markedCheck, context, {
      folder: join(dir, 'check'),
      cachedReference: false,
    });
    if (run.status === 'error') return fail(`the engine with marked outputs could not be checked: ${run.problem}`);
    // The model's own outputs are the ones its plain check judged.
    const modelOutputs = checked.outputs.map((o) => o.name);
    return {
      ...firstDivergence(nodes, run.outputs, modelOutputs, shape),
      problem: null,
      ...said,
      configPosition: null,
    };
  } catch (error) {
    return fail(errorMessage(error));
  }
}
