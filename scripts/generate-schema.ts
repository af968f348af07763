// Writes the JSON Schema of trt-ci.yml (for editor completion) from the zod schema the CLI validates with.
import { writeFileSync } from 'node:fs';
import { renderJsonSchema } from '../src/config/json-schema.js';

const target = process.argv[2] ?? 'schema/trt-ci.schema.json';
writeFileSync(target, renderJsonSchema());
