// report/action.yml: the runners' reports merged into one sticky comment and one check run.
import { processEdge, runStep } from './edge.js';

await runStep(async () => (await import('./report.js')).reportJob, processEdge());
