// NumPy .npz archives (np.savez, np.savez_compressed): a ZIP of one `<name>.npy` per array. NumPy writes
// each member with force_zip64 (numpy/lib/_npyio_impl.py _savez), so sizes may sit in the ZIP64 extra
// field; members are stored, or deflated by savez_compressed. Read from the central directory
// (APPNOTE.TXT 4.3.12, 4.3.16, 4.5.3), which is what a ZIP reader must trust.
import { constants, inflateRawSync } from 'node:zlib';
import { ELEMENT_BYTES, type ElementType, NUMPY_DESCR, readElements, type TensorValues } from '../onnx/element-type.js';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const ZIP64_EXTRA = 0x0001;
const MASK32 = 0xffffffff;

/** Deflate's largest ratio (RFC 1951: 258 bytes from a 2-bit code, about 1,032 to 1): no honest member is more. */
const DEFLATE_MAX_RATIO = 1032;

/**
 * Each array of the archive by its name (the member name without `.npy`), in C order (parseNpy). Nothing
 * is inflated past what the member's own .npy header and the directory agree on: a member that says 16
 * bytes and inflates to gigabytes (a zip bomb) stops at 16 and is refused.
 */
export function parseNpz(bytes: Buffer, file: string): Map<string, NpyArray> {
  const bad = (what: string) => new Error(`${file}: expected a NumPy .npz archive (np.savez), ${what}`);
  try {
    return readMembers(bytes, file, bad);
  } catch (error) {
    // Offsets and sizes come from the file: one that points outside it is a damaged archive, said as one.
    if (error instanceof RangeError) throw bad(`its directory points outside the file (${error.message})`);
    throw error;
  }
}

function readMembers(bytes: Buffer, file: string, bad: (what: string) => Error): Map<string, NpyArray> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || bytes.length - end < 22 || bytes.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) {
    throw bad('found no ZIP directory');
  }
  let count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  if (offset === MASK32 || count === 0xffff) {
    const locator = end - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_END_LOCATOR) throw bad('its ZIP64 directory is missing');
    const zip64 = Number(bytes.readBigUInt64LE(locator + 8));
    if (bytes.readUInt32LE(zip64) !== ZIP64_END) throw bad('its ZIP64 directory is damaged');
    count = Number(bytes.readBigUInt64LE(zip64 + 32));
    offset = Number(bytes.readBigUInt64LE(zip64 + 48));
  }
  const arrays = new Map<string, NpyArray>();
  for (let i = 0; i < count; i += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL_FILE_HEADER) {
      throw bad('its directory is damaged');
    }
    const method = bytes.readUInt16LE(offset + 10);
    let compressed = bytes.readUInt32LE(offset + 20);
    let size = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    let local = bytes.readUInt32LE(offset + 42);
    const name = bytes.toString('utf8', offset + 46, offset + 46 + nameLength);
    // ZIP64: the 64-bit values follow in this order, only for the fields that are 0xFFFFFFFF.
    const extra = bytes.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength);
    for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
      if (extra.readUInt16LE(at) !== ZIP64_EXTRA) continue;
      let field = at + 4;
      const next = () => {
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (size === MASK32) size = next();
      if (compressed === MASK32) compressed = next();
      if (local === MASK32) local = next();
    }
    offset += 46 + nameLength + extraLength + commentLength;
    if (bytes.readUInt32LE(local) !== LOCAL_FILE_HEADER) throw bad(`member ${name} is damaged`);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (!name.endsWith('.npy')) continue;
    if (start + compressed > bytes.length) throw bad(`member ${name} runs past the end of the file`);
    const stored = bytes.subarray(start, start + compressed);
    let member: Buffer;
    if (method === 0) member = stored;
    else if (method === 8) {
      if (size > compressed * DEFLATE_MAX_RATIO + 1024) {
        throw bad(`member ${name} says it inflates to ${size} bytes from ${compressed}, more than deflate can`);
      }
      // The .npy header first (a little of the stream), then the whole member, held to what the header says.
      let header: ReturnType<typeof npyHeader> = null;
      try {
        header = npyHeader(inflateRawSync(stored.subarray(0, 1024), { finishFlush: constants.Z_SYNC_FLUSH }));
      } catch {
        // A damaged stream: the full inflate below says so.
      }
      const element = header?.descr === undefined ? undefined : NUMPY_DESCR[header.descr];
      const expected = header && element ? header.dataStart + header.count * ELEMENT_BYTES[element] : null;
      if (expected !== null && expected !== size) {
        throw bad(`member ${name}: its .npy header holds ${expected} bytes, its directory says ${size}`);
      }
      try {
        member = inflateRawSync(stored, { maxOutputLength: Math.max(size, 1) });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ERR_BUFFER_TOO_LARGE') throw bad(`member ${name} inflates past the ${size} bytes it says`);
        throw bad(`member ${name} is damaged (${(error as Error).message})`);
      }
    } else throw bad(`member ${name} is compressed with method ${method}, not stored or deflated`);
    if (member.length !== size) throw bad(`member ${name} has ${member.length} bytes, its directory says ${size}`);
    arrays.set(name.slice(0, -4), parseNpy(member, `${file}:${name}`));
  }
  return arrays;
}

/** The array a .npy header describes, and where its data starts; null when it is not one. */
function npyHeader(
  bytes: Buffer,
): { dims: number[]; count: number; dataStart: number; descr: string | undefined; fortran: string | undefined } | null {
  if (bytes.length < 10 || bytes.toString('latin1', 0, 6) !== '\x93NUMPY') return null;
  const major = bytes[6]!;
  if (major !== 1 && bytes.length < 12) return null;
  const headerLength = major === 1 ? bytes.readUInt16LE(8) : bytes.readUInt32LE(8);
  const start = major === 1 ? 10 : 12;
  if (start + headerLength > bytes.length) return null;
  const header = bytes.toString('latin1', start, start + headerLength);
  const shape = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1];
  const texts = (shape ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  // Whole, non-negative dimensions only: "1.5" or "-1" describe no array.
  if (shape === undefined || !texts.every((d) => /^\d{1,12}$/.test(d))) return null;
  const dims = texts.map(Number);
  return {
    dims,
    count: dims.reduce((a, b) => a * b, 1),
    dataStart: start + headerLength,
    descr: /'descr':\s*'([^']+)'/.exec(header)?.[1],
    fortran: /'fortran_order':\s*(True|False)/.exec(header)?.[1],
  };
}

/** One array of a .npy or .npz: its shape, its element type and its values. */
export interface NpyArray {
  dims: number[];
  type: ElementType;
  values: TensorValues;
}

/**
 * A NumPy .npy file (what `np.save` writes): the magic, a version, a header that is a Python dict literal,
 * then the data. Little-endian float32, float16, int8, uint8, int32, int64 and bool in C order are taken:
 * the types --loadInputs feeds a binding of.
 */
export function parseNpy(bytes: Buffer, file: string): NpyArray {
  if (bytes.length < 10 || bytes.toString('latin1', 0, 6) !== '\x93NUMPY') {
    throw new Error(`${file}: expected a NumPy .npy file (np.save), got something else`);
  }
  const header = npyHeader(bytes);
  if (!header) throw new Error(`${file}: expected a .npy header with a shape of whole numbers`);
  const { descr, fortran, dims, count } = header;
  const type = descr === undefined ? undefined : NUMPY_DESCR[descr];
  if (!type || fortran !== 'False') {
    throw new Error(
      `${file}: expected float32, float16, int8, uint8, int32, int64 or bool in C order, ` +
        `got ${descr ?? '?'}, fortran_order ${fortran}`,
    );
  }
  const data = bytes.subarray(header.dataStart);
  if (data.length !== count * ELEMENT_BYTES[type])
    throw new Error(`${file}: shape (${dims.join(', ')}) but ${data.length} bytes of data`);
  return { dims, type, values: readElements(type, data) };
}
