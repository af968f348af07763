// npm run lint, third part: every export of src/ is imported somewhere (src/, test/, scripts/, bench/). An
// export nothing imports is either dead code or a name its own file should keep to itself. Reads import and
// export statements (static, `await import()` destructuring, `export * from`), following re-exports.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

// `node scripts/check-unused-exports.mjs [ROOT]`: the repository's root by default.
const root = process.argv[2] ?? join(import.meta.dirname, '..');
const walk = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['fixtures', 'node_modules', 'results'].includes(entry.name) ? [] : walk(path);
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
const files = ['src', 'test', 'scripts', 'bench'].flatMap((dir) => {
  try {
    return walk(dir);
  } catch {
    return [];
  }
});
const text = new Map(files.map((f) => [f, readFileSync(join(root, f), 'utf8')]));

/** A relative specifier of `from` as the file it names (./x.js is x.ts). */
function target(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const path = normalize(join(dirname(from), specifier));
  for (const candidate of [path.replace(/\.js$/, '.ts'), path.replace(/\.mjs$/, '.mjs'), path]) {
    if (text.has(candidate)) return candidate;
  }
  return null;
}

const names = (list) =>
  list
    .split(',')
    .map((part) =>
      part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim(),
    )
    .filter(Boolean);

/** Per module, the names other modules take from it; and the modules each re-exports wholesale. */
const taken = new Map();
const starFrom = new Map();
const take = (module, name) => taken.set(module, new Set([...(taken.get(module) ?? []), name]));
for (const [file, source] of text) {
  const specified = [
    ...source.matchAll(/(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g),
    ...source.matchAll(/const\s*\{([^}]*)\}\s*=\s*await\s+import\('([^']+)'\)/g),
  ];
  for (const [, list, specifier] of specified) {
    const module = target(file, specifier);
    if (module) for (const name of names(list)) take(module, name);
  }
  for (const [, , specifier] of source.matchAll(/import\s+(\*\s+as\s+\w+|\w+)\s+from\s*'([^']+)'/g)) {
    const module = target(file, specifier);
    if (module) take(module, '*');
  }
  for (const [, specifier] of source.matchAll(/export\s+\*\s+from\s*'([^']+)'/g)) {
    const module = target(file, specifier);
    if (module) starFrom.set(file, [...(starFrom.get(file) ?? []), module]);
  }
  // `(await import('./x.js')).name`
  for (const [, specifier, name] of source.matchAll(/\(await import\('([^']+)'\)\)\.(\w+)/g)) {
    const module = target(file, specifier);
    if (module) take(module, name);
  }
}
// What a module re-exports wholesale is taken from it under the same names.
for (const [module, sources] of starFrom) {
  for (const source of sources) for (const name of taken.get(module) ?? []) take(source, name);
}

let unused = 0;
for (const [file, source] of text) {
  if (!file.startsWith('src/')) continue;
  const used = taken.get(file) ?? new Set();
  if (used.has('*')) continue;
  const declared = [
    ...source.matchAll(
      /^export\s+(?:declare\s+)?(?:async\s+)?(function\*?|const|let|class|interface|type|enum)\s+(\w+)/gm,
    ),
  ].map((m) => ({ kind: m[1], name: m[2] }));
  for (const { kind, name } of declared) {
    if (used.has(name)) continue;
    // A type its own file uses (in an exported signature, say) is part of that signature, as knip's
    // ignoreExportsUsedInFile has it for types: a caller may name it. A value is not.
    const typeUsedHere =
      (kind === 'interface' || kind === 'type') && source.split(new RegExp(`\\b${name}\\b`)).length > 2;
    if (typeUsedHere) continue;
    unused += 1;
    console.log(`${file}: ${name} is exported and imported nowhere`);
  }
}
if (unused) {
  console.log(`${unused} unused export(s): stop exporting them, or remove them`);
  process.exitCode = 1;
}
