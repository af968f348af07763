// What a schema error says: the place (file:line:col and the key's path), "expected …, got …", and for an
// unknown key the closest key the mapping at that path takes, from the schema itself.
import type { z } from 'zod';
import { closest } from '../common/did-you-mean.js';
import type { ConfigPath } from '../contract/config.js';
import { configSchema } from './schema.js';
import { keysAt } from './schema-walk.js';
import { showValue } from './values.js';

export type Where = (path: ConfigPath, atKey?: boolean) => string;

export function schemaProblems(raw: z.core.$ZodIssue, where: Where): string[] {
  const issue = deepest(raw);
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    // Each unknown key names itself, with the closest known one.
    return issue.keys.map(
      (key) => `${where([...path, key], true)}: unknown key ${JSON.stringify(key)}${suggest(key, path)}`,
    );
  }
  return [`${where(path)}: ${issueMessage(issue)}`];
}

/**
 * A union that failed reports each branch; when one branch got further into the value (a bad `warn:` inside
 * `{ warn, fail }`), its issue says more than "none of the forms matched". A branch with an unknown key says
 * most: the key it does not know is why the key it needs is missing (`maks:` for `max:`).
 */
function deepest(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union') return issue;
  const inner = issue.errors
    .flat()
    .map((nested) => deepest({ ...nested, path: [...issue.path, ...nested.path] } as z.core.$ZodIssue));
  const unknown = inner.find((i) => i.code === 'unrecognized_keys');
  if (unknown) return unknown;
  const best = inner.reduce<z.core.$ZodIssue | null>((a, b) => (a && a.path.length >= b.path.length ? a : b), null);
  return best && best.path.length > issue.path.length ? best : issue;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('expected ')) return issue.message;
  const got = showValue(issue.input);
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, got ${got}`;
    case 'too_small':
      return `expected at least ${String(issue.minimum)}, got ${got}`;
    default:
      return `${issue.message}, got ${got}`;
  }
}

/** The closest key the mapping at `path` takes, or the keys it takes. */
function suggest(key: string, path: readonly (string | number)[]): string {
  const known = keysAt(configSchema, path);
  const close = closest(key, known);
  return close ? `; did you mean ${JSON.stringify(close)}?` : `; expected one of ${known.join(', ')}`;
}
