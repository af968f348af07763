import { isMap, isPair, isScalar, isSeq, type LineCounter, type Document, type Node } from 'yaml';

import type { ConfigPath } from '../contract/config.js';

/** `models[0].profiles[1].shapes.x.max`, quoting keys that are not plain identifiers. */
export function formatPath(path: ConfigPath): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out || '(top level)';
}

/**
 * Finds where a config path is written: the value's node, or for a key that is not there (a
 * missing field) the nearest enclosing node. `atKey` points at the key instead of its value,
 * which is where an unknown key should be reported.
 */
export function locate(
  doc: Document,
  lines: LineCounter,
  path: ConfigPath,
  atKey = false,
): { line: number; col: number } {
  let node: unknown = doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (let i = 0; i < path.length; i += 1) {
    const part = path[i]!;
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(part),
      );
      if (!pair) break;
      if (last && atKey) {
        offset = rangeStart(pair.key) ?? offset;
        break;
      }
      node = pair.value;
    } else if (isSeq(node) && typeof part === 'number') {
      node = node.items[part];
    } else {
      break;
    }
    offset = rangeStart(node) ?? offset;
  }
  return lines.linePos(offset);
}

function rangeStart(node: unknown): number | undefined {
  return (node as Node | null | undefined)?.range?.[0];
}
