import { runAction } from '../action.js';

await runAction();
