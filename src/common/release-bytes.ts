// A large file's bytes given back at once. A Buffer's memory lives outside V8's heap and is freed when a garbage
// collection finds it unreferenced, which may be seconds later: a 1 GiB model read for the FP16 writer was still
// held while ONNX Runtime loaded the next model (bench/precision-writer.ts measured 3.2 GiB at peak).

/**
 * Frees `bytes`' memory now, where it alone owns its ArrayBuffer (a large file read whole); a Buffer that shares
 * Node's pool (a small file) is left to the collector. `bytes` and every view of its memory are empty afterwards:
 * call it only when nothing reads them again.
 */
export function releaseBytes(bytes: Uint8Array): void {
  const { buffer } = bytes;
  if (!(buffer instanceof ArrayBuffer) || buffer.detached) return;
  if (bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength) return;
  buffer.transfer(0);
}
