// Vitest setup file, run before every test file: the runner folders a file made go when it is done (one
// holds a 512 MiB log). The list has its own module so that this file, run before every test file, does
// not load the harness and the product with it.
import { afterAll } from 'vitest';
import { removeRunners } from './runner-folders.js';

afterAll(() => removeRunners());
