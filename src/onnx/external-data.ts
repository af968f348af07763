// Where an ONNX model keeps its weights outside the file: what a build reads besides the model, so what the
// engine cache keys and what must be regular files before anything reads them.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { isWithin } from '../common/within.js';
import { bufferSource, readVarint } from '../common/protobuf.js';

/**
 * The external-data files an ONNX model names: each TensorProto's external_data holds a
 * StringStringEntryProto { key: "location", value: <file> }, which protobuf writes as the bytes
 * 0a 08 "location" 12 <length> <file>.
 */
export async function externalDataFiles(onnx: string): Promise<string[]> {
  const MAX_NAME_BYTES = 4096;
  const marker = Buffer.from('\x0a\x08location\x12', 'latin1');
  const found = new Set<string>();
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(onnx, { highWaterMark: 4 * 1024 * 1024 })) {
    const data = Buffer.concat([tail, chunk as Buffer]);
    for (let at = data.indexOf(marker); at !== -1; at = data.indexOf(marker, at + 1)) {
      const length = readVarint(bufferSource(data), at + marker.length);
      if (!length || length.value === 0 || length.value > MAX_NAME_BYTES) continue;
      const end = length.next + length.value;
      if (end <= data.length) found.add(data.toString('utf8', length.next, end));
    }
    // A marker cut at the chunk's end is found again with the next chunk.
    tail = data.subarray(Math.max(0, data.length - MAX_NAME_BYTES - marker.length - 4));
  }
  // Names under .. or absolute ones are keyed too: whatever the parser reads changes the plan.
  return [...found].map((name) => resolve(dirname(onnx), name)).sort();
}

/**
 * The external-data files an ONNX names that are not regular files (a FIFO, a device), missing ones, and ones
 * named inside the model's folder that a link there leads out of it (to a runner's secret, say): what the model
 * names is read, never what a link planted beside it leads to.
 */
export async function irregularExternalData(onnx: string): Promise<string[]> {
  const files = await externalDataFiles(onnx).catch(() => []);
  const named = dirname(onnx);
  const folder = await realpath(named).catch(() => named);
  const found = await Promise.all(
    files.map(async (file) => {
      if (!(await stat(file).catch(() => null))?.isFile()) return [file];
      const real = await realpath(file).catch(() => file);
      return isWithin(named, file) && !isWithin(folder, real) ? [file] : [];
    }),
  );
  return found.flat();
}
