import { open } from 'node:fs/promises';
import { fileProblem } from '../common/errors.js';

/**
 * The little of an ELF shared object that preflight needs: what it is built for, which libraries it
 * needs (DT_NEEDED), its soname, and the functions it exports. Reads the header, the section headers
 * and the dynamic sections only, never the whole file.
 */
export interface ElfInfo {
  bits: 32 | 64;
  littleEndian: boolean;
  /** e_type: 2 executable, 3 shared object (and PIE executables). */
  type: number;
  /** e_machine: 62 x86-64, 183 AArch64, 3 i386, 40 ARM. */
  machine: number;
  needed: string[];
  soname: string | null;
  /** Defined, global or weak, function or object symbols of .dynsym. */
  exports: string[];
  /** Undefined symbols of .dynsym: what it takes from the libraries it needs. */
  imports: string[];
}

export type ElfRead = { ok: true; elf: ElfInfo } | { ok: false; reason: string };

export const MACHINES: Record<number, string> = { 3: 'i386', 40: 'ARM', 62: 'x86-64', 183: 'AArch64', 243: 'RISC-V' };

/** e_machine of the architecture Node runs on. */
export function hostMachine(arch: string = process.arch): number | null {
  return ({ x64: 62, arm64: 183, ia32: 3, arm: 40, riscv64: 243 } as Record<string, number>)[arch] ?? null;
}

const SHT_DYNSYM = 11;
const SHT_DYNAMIC = 6;
const DT_NEEDED = 1;
const DT_SONAME = 14;
const SHN_UNDEF = 0;

export async function readElf(path: string): Promise<ElfRead> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'r');
  } catch (error) {
    return { ok: false, reason: fileProblem(error, 'a shared library') };
  }
  try {
    const read = async (offset: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, offset);
      if (bytesRead < length) throw new Error('truncated');
      return buffer;
    };
    const ident = await read(0, 64).catch(() => null);
    if (ident?.toString('latin1', 0, 4) !== '\x7fELF') return { ok: false, reason: 'not an ELF file' };
    const bits = ident[4] === 2 ? 64 : 32;
    const le = ident[5] === 1;
    const u16 = (b: Buffer, o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
    const u32 = (b: Buffer, o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
    const addr = (b: Buffer, o: number) =>
      bits === 64 ? Number(le ? b.readBigUInt64LE(o) : b.readBigUInt64BE(o)) : u32(b, o);
    const type = u16(ident, 16);
    const machine = u16(ident, 18);
    const shoff = addr(ident, bits === 64 ? 40 : 32);
    const shentsize = u16(ident, bits === 64 ? 58 : 46);
    const shnum = u16(ident, bits === 64 ? 60 : 48);

    const sections: { type: number; offset: number; size: number; link: number; entsize: number }[] = [];
    if (shoff > 0 && shnum > 0) {
      const table = await read(shoff, shentsize * shnum);
      for (let i = 0; i < shnum; i += 1) {
        const o = i * shentsize;
        sections.push({
          type: u32(table, o + 4),
          offset: addr(table, o + (bits === 64 ? 24 : 16)),
          size: addr(table, o + (bits === 64 ? 32 : 20)),
          link: u32(table, o + (bits === 64 ? 40 : 24)),
          entsize: addr(table, o + (bits === 64 ? 56 : 36)),
        });
      }
    }
    const strings = async (index: number) => {
      const section = sections[index];
      return section ? read(section.offset, section.size) : Buffer.alloc(0);
    };
    const cString = (table: Buffer, offset: number) => {
      const end = table.indexOf(0, offset);
      return table.toString('latin1', offset, end === -1 ? table.length : end);
    };

    const needed: string[] = [];
    let soname: string | null = null;
    const dynamic = sections.find((s) => s.type === SHT_DYNAMIC);
    if (dynamic) {
      const entries = await read(dynamic.offset, dynamic.size);
      const names = await strings(dynamic.link);
      const size = bits === 64 ? 16 : 8;
      for (let o = 0; o + size <= entries.length; o += size) {
        const tag = addr(entries, o);
        const value = addr(entries, o + size / 2);
        if (tag === 0) break;
        if (tag === DT_NEEDED) needed.push(cString(names, value));
        if (tag === DT_SONAME) soname = cString(names, value);
      }
    }

    const exports: string[] = [];
    const imports: string[] = [];
    const dynsym = sections.find((s) => s.type === SHT_DYNSYM);
    if (dynsym && dynsym.entsize > 0) {
      const symbols = await read(dynsym.offset, dynsym.size);
      const names = await strings(dynsym.link);
      for (let o = 0; o + dynsym.entsize <= symbols.length; o += dynsym.entsize) {
        const name = u32(symbols, o);
        const info = symbols[o + (bits === 64 ? 4 : 12)]!;
        const shndx = u16(symbols, o + (bits === 64 ? 6 : 14));
        const bind = info >> 4;
        const kind = info & 0xf;
        if (name !== 0 && shndx !== SHN_UNDEF && (bind === 1 || bind === 2) && (kind === 1 || kind === 2))
          exports.push(cString(names, name));
        else if (name !== 0 && shndx === SHN_UNDEF) imports.push(cString(names, name));
      }
    }
    return { ok: true, elf: { bits, littleEndian: le, type, machine, needed, soname, exports, imports } };
  } catch (error) {
    return { ok: false, reason: `a damaged ELF file (${(error as Error).message})` };
  } finally {
    await file.close();
  }
}

/** "libnvinfer.so.10" → 10; null when the object does not link libnvinfer. */
export function nvinferMajor(needed: readonly string[]): number | null {
  for (const lib of needed) {
    const match = /^libnvinfer\.so\.(\d+)/.exec(lib);
    if (match) return Number(match[1]);
  }
  return null;
}
