// The protobuf wire format (protobuf.dev/programming-guides/encoding), read and written in one place: the
// ONNX inputs and graph (onnx/inputs.ts), the FP32 widening of a model (onnx/widen-model.ts)
// and an ONNX's external-data names (cache/engine-cache.ts). Fields are found by their lengths, so a model's
// gigabytes of weights are skipped, never read.

/** Where a message's bytes come from: a Buffer, or a file read at offsets. */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Buffer;
}

export const bufferSource = (bytes: Uint8Array): ByteSource => {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { size: buffer.length, read: (offset, length) => buffer.subarray(offset, offset + length) };
};

/** One field of a message. */
export interface WireField {
  number: number;
  /** 0 varint, 1 fixed64, 2 length-delimited, 5 fixed32. */
  wire: number;
  /** The field's bytes, key included: [start, end). */
  start: number;
  end: number;
  /** A varint's value (exact up to 2^53), or a LEN field's length. */
  value: number;
  /** Where the value's bytes start (a LEN field's payload). */
  payload: number;
}

/** The varint at `at`, and where the bytes after it start; null when it runs past `end` or past 10 bytes. */
export function readVarint(source: ByteSource, at: number, end = source.size): { value: number; next: number } | null {
  // A varint is at most 10 bytes: read them together, not byte by byte from a file.
  const bytes = source.read(at, Math.max(0, Math.min(10, end - at)));
  let value = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    value += (byte & 0x7f) * 2 ** (7 * i);
    if (byte < 0x80) return { value, next: at + i + 1 };
  }
  return null;
}

/** The fields of the message in [start, end) of `source`, in order; throws on bytes that are not protobuf. */
export function wireFields(source: ByteSource, start = 0, end = source.size): WireField[] {
  const out: WireField[] = [];
  const varint = (at: number) => {
    const read = readVarint(source, at, end);
    if (!read) throw new Error('a varint runs past the end');
    return read;
  };
  for (let at = start; at < end; ) {
    const key = varint(at);
    const number = Math.floor(key.value / 8);
    const wire = key.value % 8;
    let field: WireField;
    if (wire === 0) {
      const v = varint(key.next);
      field = { number, wire, start: at, end: v.next, value: v.value, payload: key.next };
    } else if (wire === 2) {
      const length = varint(key.next);
      field = { number, wire, start: at, end: length.next + length.value, value: length.value, payload: length.next };
    } else if (wire === 1 || wire === 5) {
      field = { number, wire, start: at, end: key.next + (wire === 1 ? 8 : 4), value: 0, payload: key.next };
    } else throw new Error(`wire type ${wire} is not protobuf's`);
    if (field.end > end) throw new Error('a field runs past the end');
    out.push(field);
    at = field.end;
  }
  return out;
}

/** A value as varint bytes. */
export function encodeVarint(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
  return out;
}

/** A varint field's bytes: its key and value. */
export const varintField = (number: number, value: number): Buffer =>
  Buffer.from([...encodeVarint(number * 8), ...encodeVarint(value)]);

/** Bytes a message is made of: a Buffer, or bytes made where the message is joined (a narrowed weight). */
export type Part = Buffer | { length: number; writeInto(target: Buffer, at: number): void };

/**
 * A length-delimited field as parts: its key and the payload's length, then the payload's parts as they are. A
 * message made of parts is copied once, when it is joined: a gigabyte weight is not copied at every level.
 */
export function lenParts(number: number, parts: readonly Part[]): Part[] {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  return [Buffer.from([...encodeVarint(number * 8 + 2), ...encodeVarint(length)]), ...parts];
}

/** The parts as one Buffer: each written once, into it. */
export function joinParts(parts: readonly Part[]): Buffer {
  const out = Buffer.allocUnsafe(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    if (Buffer.isBuffer(part)) part.copy(out, at);
    else part.writeInto(out, at);
    at += part.length;
  }
  return out;
}

/** A length-delimited field's bytes: its key, the payload's length, the payload. */
export const lenField = (number: number, payload: Buffer): Buffer => joinParts(lenParts(number, [payload]));
