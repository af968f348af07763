// The run action's inputs as @actions/core reads them (INPUT_<NAME> in the environment): the edges of each
// range, both sides.
import { afterEach, describe, expect, it } from 'vitest';
import { readRunInputs } from '../src/action/inputs.js';

const withInputs = (inputs: Record<string, string>) => {
  for (const [name, value] of Object.entries(inputs)) process.env[`INPUT_${name.toUpperCase()}`] = value;
  return readRunInputs();
};

afterEach(() => {
  for (const name of Object.keys(process.env)) if (name.startsWith('INPUT_')) delete process.env[name];
});

describe('input stability', () => {
  it('takes 1 to 10 rebuilds, or empty for trt-ci.yml to say', () => {
    expect(withInputs({ stability: '' }).stabilityRebuilds).toBeNull();
    expect(withInputs({ stability: ' ' }).stabilityRebuilds).toBeNull();
    expect(withInputs({ stability: '1' }).stabilityRebuilds).toBe(1);
    expect(withInputs({ stability: '10' }).stabilityRebuilds).toBe(10);
  });

  it('names itself and its range for anything else', () => {
    for (const stability of ['0', '11', '2.5', '-1', 'two', '100'])
      expect(() => withInputs({ stability }), stability).toThrow(
        `input stability: expected a number of rebuilds from 1 to 10, or empty, got "${stability}"`,
      );
  });
});
