// npm run lint, second half: no line of source, tests, benches, scripts or workflows is over 120
// characters (the formatter keeps code within it but cannot break a long string or comment).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 120;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /^(src|test|bench|scripts|workflows)\/.*\.(ts|mjs|js|py|sh|awk|yml|c)$/.test(f))
  .filter((f) => !f.startsWith('test/fixtures/'));
let over = 0;
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  text.split('\n').forEach((line, i) => {
    if ([...line].length > LIMIT) {
      over += 1;
      if (over <= 40) console.error(`${file}:${i + 1}: ${[...line].length} characters (limit ${LIMIT})`);
    }
  });
}
if (over > 0) {
  console.error(`${over} line(s) over ${LIMIT} characters`);
  process.exit(1);
}
