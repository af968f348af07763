// A load on the target's own machine (trt-ci deploy-load): trtexec --loadEngine and one inference, and what
// TensorRT said, as the same verdicts the predictions give. Pure: the log's lines and exit status in, a verdict out.
import type { DeployVerdict } from '../tensorrt/deploy-rules.js';

const WARNING = /Using an engine plan file across different models of devices/;

/** The verdict a load gave: loads, loads with TensorRT's warning, or fails with its own error line. */
export function observedLoad(
  lines: readonly string[],
  exitCode: number | null,
): { verdict: DeployVerdict; line: string | null } {
  const errors = lines.filter((l) => /\[E\]/.test(l)).map((l) => l.replace(/^.*?\[E\]\s*(\[TRT\]\s*)?/, ''));
  if (exitCode === 0) {
    const warned = lines.find((l) => WARNING.test(l));
    return warned
      ? { verdict: 'loads-with-warning', line: warned.replace(/^.*?\[W\]\s*(\[TRT\]\s*)?/, '') }
      : { verdict: 'loads', line: null };
  }
  // TensorRT's reason is the line about the plan file; the ones after it only say that deserializing failed.
  const reason = errors.find((l) => /engine plan file|Version tag does not match|Magic tag/.test(l)) ?? errors.at(0);
  return { verdict: 'fails', line: reason ?? `trtexec exited with ${exitCode ?? 'a signal'}` };
}
