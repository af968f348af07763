// Vitest setup file, run before every test file: the runner folders a file made go when it is done (one
// holds a 512 MiB log). The harness only keeps the list, so that importing it registers no hook.
import { afterAll } from 'vitest';
import { removeRunners } from './harness.js';

afterAll(() => removeRunners());
