// gate/action.yml: may this run use the self-hosted GPU runners? It never runs a pull request's code.
import { processEdge, runStep } from './edge.js';

await runStep(async () => (await import('./gate.js')).gateCommand, processEdge());
