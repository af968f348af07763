// trtexec --exportTimes: one object per timed iteration, warm-up left out (exportJSONTrace in
// samples/common/sampleReporting.cpp, the same keys from 7.1 to 11.1):
//   [ { "startEnqMs" : …, …, "h2dMs" : …, "computeMs" : …, "d2hMs" : …, "latencyMs" : … }, … ]
// Values are printed at the stream's default precision; they are plain JSON numbers.

/**
 * Each iteration's GPU compute time (ms): what a change of engine moves. Host-device copies are the same
 * bytes for both engines of an A/B and only add the PCIe link's noise.
 */
export function parseExportedTimes(text: string, file: string): number[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`${file}: expected trtexec --exportTimes JSON (an array of iterations), got something else`);
  }
  if (!Array.isArray(data)) throw new Error(`${file}: expected an array of iterations`);
  return data.map((entry, i) => {
    const compute = (entry as { computeMs?: unknown } | null)?.computeMs;
    if (typeof compute !== 'number' || !Number.isFinite(compute) || compute < 0) {
      throw new Error(`${file}: iteration ${i} has no computeMs`);
    }
    return compute;
  });
}
