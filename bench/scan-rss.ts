// Child of bench/scan.ts: scans one plan (with its digest) and prints this process's peak RSS in KiB.
import { scanPlan } from '../src/tensorrt/plan-scan.js';

await scanPlan(process.argv[2]!);
console.log(process.resourceUsage().maxRSS);
