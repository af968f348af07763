// schema/report.schema.json is the report's published contract: the report of the demo's run (examples/,
// the same stand-ins and settings as npm run demo) must validate against it, and a wrong one must not.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { renderReportJsonSchema } from '../src/report/json-schema.js';
import { cli, makeRunner } from './support/harness.js';

const root = join(import.meta.dirname, '..');
const committed = readFileSync(join(root, 'schema', 'report.schema.json'), 'utf8');
const validate = new Ajv2020({ strict: false, allErrors: true }).compile(JSON.parse(committed));

describe('schema/report.schema.json', () => {
  it('is what npm run build makes from the report schema', () => {
    expect(committed).toBe(renderReportJsonSchema());
  });

  it("validates the demo's report, and refuses a wrong status, a missing build key and a wrong type", async () => {
    // The demo's settings (scripts/demo.mjs): TensorRT 10.16.1, one profile out of memory at 4 GiB.
    const runner = makeRunner({
      trtexecEnv: {
        TRTEXEC_STANDIN_VERSION: '10.16.1.11',
        TRTEXEC_STANDIN_OOM_ABOVE_MIB: 3000,
        TRTEXEC_STANDIN_ONLY: 'upsampler.uhd',
      },
    });
    cpSync(join(root, 'examples', 'models'), join(runner.dir, 'models'), { recursive: true });
    const example = readFileSync(join(root, 'examples', 'trt-ci.yml'), 'utf8')
      .replace(/^trtexec:.*\n/m, '')
      .replace(/^output-dir:.*$/m, 'output-dir: out')
      .replace(/^timing-cache:.*$/m, 'timing-cache: out/timing.cache');
    const result = await cli(['run', '--config', runner.writeConfig(example)], { cwd: runner.dir });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(runner.dir, 'out', 'report.json'), 'utf8'));
    expect(report.builds.length).toBe(5);
    // The out-of-memory attempt is in it, with its failure: the richest shape a build takes.
    expect(report.builds.some((b: { attempts: unknown[] }) => b.attempts.length === 2)).toBe(true);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    // A newer trt-ci may add keys: they are allowed.
    expect(validate({ ...report, demo: 'a key this version does not know' })).toBe(true);
    expect(validate({ ...report, status: 'green' })).toBe(false);
    const [first, ...rest] = report.builds;
    const { plan: _, ...withoutPlan } = first;
    expect(validate({ ...report, builds: [withoutPlan, ...rest] })).toBe(false);
    expect(validate({ ...report, builds: [{ ...first, attempts: 'one' }, ...rest] })).toBe(false);
  });
});
