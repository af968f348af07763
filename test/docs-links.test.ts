// The front door and the reference link into each other (README.md is kept short by linking): every relative
// link names a file that is there, and a #section that file's headings give, as GitHub writes their anchors.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const pages = [
  'README.md',
  'ARCHITECTURE.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!.replace(/`/g, ''))));
}

/** Every relative link of a page that leads nowhere, as `page: target`. */
function brokenLinks(page: string): string[] {
  const text = readFileSync(join(root, page), 'utf8').replace(/```[\s\S]*?```/g, '');
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target!) || target!.startsWith('#')) continue;
    const [path, anchor] = target!.split('#') as [string, string | undefined];
    const file = join(root, dirname(page), path);
    if (!existsSync(file)) broken.push(`${page}: ${target} (no file)`);
    else if (anchor && file.endsWith('.md') && !anchorsIn(file).has(anchor))
      broken.push(`${page}: ${target} (no heading "${anchor}" in ${relative(root, file)})`);
  }
  return broken;
}

describe('the documentation links', () => {
  it('every relative link names a file there and a section its headings give', () => {
    expect(pages.flatMap(brokenLinks)).toEqual([]);
  });

  it('reads GitHub anchors as GitHub writes them, and finds a link to a missing section', () => {
    expect(anchorOf('Security: what the repository must set')).toBe('security-what-the-repository-must-set');
    expect(anchorOf('The pipeline')).toBe('the-pipeline');
    expect(anchorOf('FP16 and BF16 networks (TensorRT 11)')).toBe('fp16-and-bf16-networks-tensorrt-11');
    expect(anchorsIn(join(root, 'docs', 'pack.md')).has('no-such-section')).toBe(false);
  });

  it('README.md, the front door, is at most 150 lines', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(150);
  });
});
