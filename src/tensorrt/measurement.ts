// What a trtexec latency is made of. TensorRT 11.0 changed what a run measures when asked nothing: data
// transfers off, a CUDA graph launch, spin-wait synchronization (samples/common/sampleOptions.cpp v11.0,
// v11.1 InferenceOptions::parse, "now disabled/enabled by default"); 10.x's defaults were the opposite and
// were turned by --noDataTransfers, --useCudaGraph, --useSpinWait. A 10.x and an 11.x latency asked the same
// way are two measurements. trt-ci therefore runs every measurement under one contract, given explicitly,
// and records it beside the latency: in the report, in the history's key, in the A/B's verdict. Pure.
import type { TensorRtVersion } from './version.js';

export interface Measurement {
  /** Host-device copies of the inputs and outputs inside the timed work. */
  dataTransfers: boolean;
  /** The inference launched as one captured CUDA graph. */
  cudaGraph: boolean;
  /** The host waits for the GPU by spinning on its event (less wake-up jitter). */
  spinWait: boolean;
}

/** trt-ci's contract: the GPU's work alone, launched as a graph, waited on by spinning (11.x's defaults). */
export const MEASUREMENT: Measurement = { dataTransfers: false, cudaGraph: true, spinWait: true };

/** What this trtexec measures when it is given none of the flags. */
export function defaultMeasurement(version: Pick<TensorRtVersion, 'major'>): Measurement {
  return version.major >= 11
    ? { dataTransfers: false, cudaGraph: true, spinWait: true }
    : { dataTransfers: true, cudaGraph: false, spinWait: false };
}

/**
 * The flags that make this trtexec measure `wanted`. 10.x turns its defaults with --noDataTransfers,
 * --useCudaGraph, --useSpinWait; 11.x with --includeDataTransfers, --noCudaGraph, --noSpinWait and takes
 * the 10.x flags only as no-ops with a deprecation warning. Where `wanted` is the default, no flag: the
 * same measurement, and no warning in the log.
 */
export function measurementFlags(version: Pick<TensorRtVersion, 'major'>, wanted: Measurement = MEASUREMENT) {
  const given = defaultMeasurement(version);
  const eleven = version.major >= 11;
  const flags: string[] = [];
  if (wanted.dataTransfers !== given.dataTransfers) flags.push(eleven ? '--includeDataTransfers' : '--noDataTransfers');
  if (wanted.cudaGraph !== given.cudaGraph) flags.push(eleven ? '--noCudaGraph' : '--useCudaGraph');
  if (wanted.spinWait !== given.spinWait) flags.push(eleven ? '--noSpinWait' : '--useSpinWait');
  return flags;
}

/**
 * What a run measured, from its log (what it was asked where the log does not say): its options block,
 * then a CUDA graph trtexec could not capture (an engine with operations capture forbids), which runs
 * without one, with this warning (sampleInference.cpp v10.16 and v11.1 alike).
 */
export function measuredFrom(asked: Measurement, log: string): Measurement {
  // Every run prints its inference options first: what it was set to measure, in its own words (a real
  // 10.14.1 log says "Data transfers: Enabled", an 11.0.0 one "Disabled", test/fixtures/trtexec-logs).
  const said = (name: string) => {
    const value = new RegExp(`\\[I\\] ${name}: (Enabled|Disabled)\\s*$`, 'm').exec(log)?.[1];
    return value === undefined ? null : value === 'Enabled';
  };
  const set = {
    dataTransfers: said('Data transfers') ?? asked.dataTransfers,
    cudaGraph: said('CUDA Graph') ?? asked.cudaGraph,
    spinWait: said('Spin-wait') ?? asked.spinWait,
  };
  return refusesGraph(log) ? { ...set, cudaGraph: false } : set;
}

/** A log line measuredFrom reads: one of the options block's three, or the graph capture's warning. */
export const MEASUREMENT_LINE = /\[I\] (Data transfers|Spin-wait|CUDA Graph): |CUDA graph capture mode/;

/** Whether a log (or one of its lines) holds trtexec's warning that the engine cannot be captured. */
const refusesGraph = (text: string) =>
  text.includes('contains operations that are not permitted under CUDA graph capture mode');

/** A measurement in words: "no data transfers, CUDA graph, spin-wait". */
export function describeMeasurement(m: Measurement): string {
  return [
    m.dataTransfers ? 'data transfers' : 'no data transfers',
    m.cudaGraph ? 'CUDA graph' : 'no CUDA graph',
    m.spinWait ? 'spin-wait' : 'blocking sync',
  ].join(', ');
}

export const sameMeasurement = (a: Measurement, b: Measurement) =>
  a.dataTransfers === b.dataTransfers && a.cudaGraph === b.cudaGraph && a.spinWait === b.spinWait;

/** A measurement as a key's part: "transfers-off+graph+spin". */
export function measurementId(m: Measurement): string {
  const parts = [m.dataTransfers ? 'transfers' : 'transfers-off', m.cudaGraph ? 'graph' : 'no-graph'];
  return [...parts, m.spinWait ? 'spin' : 'block'].join('+');
}

/** measurementId read back; null for text that is not one. */
export function parseMeasurementId(id: string): Measurement | null {
  const match = /^(transfers|transfers-off)\+(graph|no-graph)\+(spin|block)$/.exec(id);
  if (!match) return null;
  return { dataTransfers: match[1] === 'transfers', cudaGraph: match[2] === 'graph', spinWait: match[3] === 'spin' };
}
