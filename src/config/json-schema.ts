import { z } from 'zod';
import { configSchema } from './schema.js';

/** The JSON Schema of trt-ci.yml as an editor reads it (the input side: sizes and durations are strings). */
export function renderJsonSchema(): string {
  const schema = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' });
  const $id = 'https://github.com/trt-ci/trt-ci/schema/trt-ci.schema.json';
  return `${JSON.stringify({ ...schema, $id, title: 'trt-ci.yml' }, null, 2)}\n`;
}
