// ONNX Runtime as the tests count it: every session it starts is counted (and announced to `onCreate`, which a
// cancel test uses to abort mid-run), the options passed on as given.
import { loadOnnxRuntime, type OnnxRuntime } from '../../src/onnx/runtime.js';

export async function countingOrt(onCreate: (count: number) => void = () => {}) {
  const ort = await loadOnnxRuntime();
  const state = { created: 0 };
  const wrapped: OnnxRuntime = {
    ...ort,
    InferenceSession: {
      create: (bytes, options) => {
        state.created += 1;
        onCreate(state.created);
        return ort.InferenceSession.create(bytes, options);
      },
    },
  };
  return { ort: wrapped, state };
}
