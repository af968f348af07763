// Text from outside (trtexec's output, a plugin path, a model's name, a fork's report) printed to a job's
// log. The runner reads a line that starts with `::` as a workflow command (::error::, ::add-mask::,
// ::stop-commands::), and a bare \r (or U+2028/U+2029/U+0085) starts a new line for it: so every line
// break inside a value becomes a space, and a line that would start with `::` gets a zero-width space
// between the colons. Bidirectional overrides go too: they make a log line read other than it is.

/** U+202A-U+202E and U+2066-U+2069: embeddings, overrides and isolates. */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** One value inside a log line: no line break, no bidirectional control. */
export function logValue(value: string): string {
  return value.replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, ' ').replace(BIDI_CONTROLS, '');
}

/** Lines for the job log (split at \n only: the renderer's own line breaks); none can be a workflow command. */
export function logLines(text: string): string {
  return text
    .split('\n')
    .map((line) => logValue(line).replace(/^(\s*):(?=:)/, '$1:\u200b'))
    .join('\n');
}
