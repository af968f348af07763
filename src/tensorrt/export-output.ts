// trtexec --exportOutput=file: the outputs of the last inference (docs/trtexec-inference-io.md).
//
//   [
//     { "name" : "prob"
//     , "dimensions" : "2x10"
//     , "values" : [ 0.1, 0.2, nan, -inf ]
//     }
//   ]
//
// Values are printed with C++ `os << v`: NaN and infinities come out as bare nan, -nan, inf, -inf, which
// JSON does not allow. They are read here as the numbers they are, never dropped: a NaN is a finding.

export interface ExportedOutput {
  name: string;
  /** `2x10` as trtexec prints dimensions. */
  dimensions: number[];
  values: Float64Array;
}

const NON_FINITE: Record<string, string> = {
  nan: '"NaN"',
  '-nan': '"NaN"',
  inf: '"Infinity"',
  '-inf': '"-Infinity"',
  infinity: '"Infinity"',
  '-infinity': '"-Infinity"',
};

/** The file's text with every bare nan/inf outside a string quoted, so that JSON.parse takes it. */
function quoteNonFinite(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"') {
      // A string (a tensor name may be "inf"): copied as it is, escapes included.
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    const word = /^-?[A-Za-z]+/.exec(text.slice(i, i + 12))?.[0];
    if (word && NON_FINITE[word.toLowerCase()]) {
      out += NON_FINITE[word.toLowerCase()];
      i += word.length;
      continue;
    }
    out += char;
    i += 1;
  }
  return out;
}

/** Parses an --exportOutput file; throws with what was expected when it is not one. */
export function parseExportedOutput(text: string): ExportedOutput[] {
  let data: unknown;
  try {
    data = JSON.parse(quoteNonFinite(text));
  } catch (error) {
    throw new Error(`not trtexec --exportOutput JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(data)) throw new Error('not trtexec --exportOutput JSON: expected a list of outputs');
  return data.map((entry, i) => {
    const { name, dimensions, values } = (entry ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || typeof dimensions !== 'string' || !Array.isArray(values)) {
      throw new Error(`not trtexec --exportOutput JSON: output ${i} needs name, dimensions and values`);
    }
    const dims = dimensions === '' ? [] : dimensions.split('x').map(Number);
    const numbers = Float64Array.from(values, (v) => (typeof v === 'number' ? v : Number(v)));
    const expected = dims.reduce((a, b) => a * b, 1);
    if (dims.some((d) => !Number.isSafeInteger(d) || d < 0) || numbers.length !== expected) {
      throw new Error(
        `not trtexec --exportOutput JSON: output ${name} has dimensions ${dimensions} but ${numbers.length} values`,
      );
    }
    return { name, dimensions: dims, values: numbers };
  });
}
