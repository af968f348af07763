// The one protobuf wire reader and writer (common/protobuf.ts), against the encoding's own examples
// (protobuf.dev/programming-guides/encoding) and its edges.
import { describe, expect, it } from 'vitest';
import { bufferSource, encodeVarint, readVarint, wireFields } from '../src/common/protobuf.js';

const source = (bytes: number[]) => bufferSource(Buffer.from(bytes));

describe('the protobuf wire format', () => {
  it("reads and writes the guide's varints: 1, 150 (96 01), 300 (ac 02), and 2^53 exactly", () => {
    expect(encodeVarint(1)).toEqual([0x01]);
    expect(encodeVarint(150)).toEqual([0x96, 0x01]);
    expect(encodeVarint(300)).toEqual([0xac, 0x02]);
    for (const value of [0, 127, 128, 16_383, 16_384, 2 ** 31, 2 ** 53]) {
      expect(readVarint(source(encodeVarint(value)), 0)).toEqual({ value, next: encodeVarint(value).length });
    }
    // A varint cut short, or past `end`, is no varint.
    expect(readVarint(source([0x96]), 0)).toBeNull();
    expect(readVarint(source([0x96, 0x01]), 0, 1)).toBeNull();
  });

  it("splits the guide's Test1 message (08 96 01) and a string field, and skips fixed fields by their size", () => {
    // field 1 varint 150; field 2 "testing"; field 3 fixed32; field 4 fixed64.
    const bytes = [
      0x08,
      0x96,
      0x01,
      0x12,
      0x07,
      ...Buffer.from('testing'),
      0x1d,
      1,
      2,
      3,
      4,
      0x21,
      ...Array(8).fill(9),
    ];
    const fields = wireFields(source(bytes));
    expect(fields.map((f) => [f.number, f.wire, f.value])).toEqual([
      [1, 0, 150],
      [2, 2, 7],
      [3, 5, 0],
      [4, 1, 0],
    ]);
    const text = fields[1]!;
    expect(Buffer.from(bytes.slice(text.payload, text.end)).toString()).toBe('testing');
    expect(fields.at(-1)!.end).toBe(bytes.length);
  });

  it('refuses what is not protobuf: a field past the end, a group wire type', () => {
    expect(() => wireFields(source([0x12, 0x07, 0x61]))).toThrow('a field runs past the end');
    expect(() => wireFields(source([0x0b]))).toThrow("wire type 3 is not protobuf's");
    expect(() => wireFields(source([0x08]))).toThrow('a varint runs past the end');
  });
});
