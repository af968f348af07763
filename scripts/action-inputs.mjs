// The action's inputs and their defaults, as its three action.yml files give them: written into
// src/action/action-inputs.ts by npm run build (.ci/run fails when it is stale), so that a run outside the
// runner (the tests, or an empty value) falls back to exactly what the runner would fill in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const ACTIONS = { run: 'action.yml', gate: 'gate/action.yml', report: 'report/action.yml' };

export function actionInputsModule(root) {
  const lines = [
    '// Written by npm run build (scripts/action-inputs.mjs) from action.yml, gate/action.yml and report/action.yml:',
    "// each action's inputs with the default the runner fills in. The token's default (the job's github.token)",
    '// means nothing outside Actions, so there it has none (null).',
    'export const ACTION_INPUTS = {',
  ];
  for (const [action, file] of Object.entries(ACTIONS)) {
    const { inputs } = parse(readFileSync(join(root, file), 'utf8'));
    lines.push(`  ${action}: {`);
    for (const [name, spec] of Object.entries(inputs)) {
      const fallback = String(spec.default ?? '');
      const value = fallback.includes('${{') ? 'null' : `'${fallback.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
      lines.push(`    ${/^[a-z]+$/.test(name) ? name : `'${name}'`}: ${value},`);
    }
    lines.push('  },');
  }
  lines.push('} as const;', '');
  return lines.join('\n');
}
