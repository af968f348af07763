// Builds small shared objects and executables with the machine's C compiler, for the ELF reader and
// the plugin checks: real ELF files, linked the way a TensorRT plugin or trtexec is.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const cc = (args: string[], cwd: string) => execFileSync('cc', args, { cwd, stdio: 'pipe' });

/**
 * A library with a soname and (optionally) a longer real file name behind a symlink, like libcudart.so.12 →
 * .so.12.4.127.
 */
export function buildLibrary(
  dir: string,
  soname: string,
  realName = soname,
  body = 'int placeholder(void) { return 0; }',
): string {
  mkdirSync(dir, { recursive: true });
  const source = join(dir, `${realName}.c`);
  writeFileSync(source, `${body}\n`);
  cc(['-shared', '-fPIC', `-Wl,-soname,${soname}`, '-o', realName, source], dir);
  if (realName !== soname) symlinkSync(realName, join(dir, soname));
  return join(dir, soname);
}

/** A plugin .so that links `needs` (sonames of libraries in `dir`) and exports `exports`. */
export function buildPlugin(dir: string, name: string, needs: string[], exports: string[] = ['getCreators']): string {
  const source = join(dir, `${name}.c`);
  writeFileSync(source, `${exports.map((fn) => `void *${fn}(void) { return 0; }`).join('\n')}\n`);
  cc(
    [
      '-shared',
      '-fPIC',
      '-o',
      name,
      source,
      '-L.',
      '-Wl,--no-as-needed',
      ...needs.map((lib) => `-l:${lib}`),
      '-Wl,-rpath,$ORIGIN',
    ],
    dir,
  );
  return join(dir, name);
}

/** An executable (a pretend trtexec) linking the given sonames, found next to it through its rpath. */
export function buildExecutable(dir: string, name: string, needs: string[]): string {
  const source = join(dir, `${name}.c`);
  writeFileSync(source, 'int main(void) { return 0; }\n');
  cc(['-o', name, source, '-L.', '-Wl,--no-as-needed', ...needs.map((lib) => `-l:${lib}`), '-Wl,-rpath,$ORIGIN'], dir);
  return join(dir, name);
}

/** A copy of an ELF file with e_machine changed: the same file as a build for another architecture. */
export function retarget(file: string, copy: string, machine: number): string {
  copyFileSync(file, copy);
  const bytes = readFileSync(copy);
  bytes.writeUInt16LE(machine, 18);
  writeFileSync(copy, bytes);
  return copy;
}
