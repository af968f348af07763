// npm run bench: --shard over a fleet far larger than the config (issue 23: `--shard 1/9999` over 1,000
// pairs took 67 s and 1.6 GB). The split of 1,000 pairs into 9,999 shards against the same pairs into 10.
// Goal: at most pairs × shards hash mixes, so the ratio stays near the shard ratio (1,000x) or below, and
// the heap grows by megabytes, not gigabytes.
import { assignShards } from '../src/builds/shard.js';

const pairs = Array.from({ length: 1000 }, (_, i) => `model-${i >> 2}/profile-${i & 3}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const timed = (count: number) => {
  const start = performance.now();
  assignShards(pairs, count);
  return performance.now() - start;
};
const small: number[] = [];
const large: number[] = [];
const heapBefore = process.memoryUsage().heapUsed;
let heapPeak = heapBefore;
for (let r = 0; r < 3; r += 1) {
  small.push(timed(10));
  large.push(timed(9999));
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
}
console.log('\n--shard, 1,000 model/profile pairs (median of 3, interleaved)');
console.log(`  into 10 shards:    ${median(small).toFixed(1)} ms`);
console.log(`  into 9,999 shards: ${median(large).toFixed(1)} ms`);
console.log(`  ratio ${(median(large) / median(small)).toFixed(0)} (goal: at most the shard ratio, 1,000)`);
console.log(`  heap growth ${((heapPeak - heapBefore) / 1048576).toFixed(1)} MiB (goal: under 100 MiB)`);
