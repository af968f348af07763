// trtexec 11.1's own accuracy check, read from its log: for each output compared with --loadRefOutputs,
// `Accuracy loss for tensor <name> (L0): 0.000250`, then ` [FAIL: >= threshold …]` when it failed, and
// `Accuracy validation FAILED` with exit 1 at the end (samples/common/sampleInference.cpp validateAccuracy,
// samples/trtexec/trtexec.cpp at v11.1). The loss is printed std::fixed with 6 decimals.

export interface TrtexecLoss {
  algorithm: string;
  loss: number;
  failed: boolean;
}

const LOSS = /Accuracy loss for tensor (.+) \((L0|L1|L2|LInf|Cosine)\): (\S+)( \[FAIL: >= threshold [^\]]*\])?\s*$/;

/** Each judged output's loss by name, and whether trtexec failed the check as a whole. */
export function readTrtexecCheck(log: string): { losses: Map<string, TrtexecLoss>; failed: boolean } {
  const losses = new Map<string, TrtexecLoss>();
  for (const line of log.split('\n')) {
    const match = LOSS.exec(line);
    if (match) losses.set(match[1]!, { algorithm: match[2]!, loss: Number(match[3]), failed: match[4] !== undefined });
  }
  return { losses, failed: log.includes('Accuracy validation FAILED') };
}
