import { join } from 'node:path';

/** Where test/support/global-setup.ts compiles the programs the tests spawn. */
export const PROGRAMS_DIR = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'trt-ci-test-programs');
