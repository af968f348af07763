/**
 * Runs jobs on slots (GPUs), one job per slot at a time, slots in parallel. Each free slot takes
 * the next job, so a long build on one GPU does not hold back the others. Results keep job order.
 */
export async function runOnSlots<Job, Slot, Result>(
  jobs: readonly Job[],
  slots: readonly Slot[],
  work: (job: Job, slot: Slot) => Promise<Result>,
): Promise<Result[]> {
  if (slots.length === 0) throw new Error('runOnSlots needs at least one slot');
  const results = new Array<Result>(jobs.length);
  let next = 0;
  const worker = async (slot: Slot) => {
    while (next < jobs.length) {
      const index = next;
      next += 1;
      results[index] = await work(jobs[index]!, slot);
    }
  };
  await Promise.all(slots.map(worker));
  return results;
}
