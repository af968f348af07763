// The bindings trtexec 8.5+ says it creates when it runs an engine ("Created input binding for images with
// dimensions 4x3x640x640"), and the dynamic inputs it was given no shape for and ran at 1s ("Dynamic
// dimensions required for input: x, but no shapes were provided. Automatically overriding shape to: 1x3x1x1").
// Real lines: test/fixtures/trtexec-logs/bindings-and-dynamic-override.log.

export interface Binding {
  kind: 'input' | 'output';
  name: string;
  dims: string;
}

const BINDING = /Created (input|output) binding for (.+) with dimensions (\S+)\s*$/;
const OVERRIDDEN = /Dynamic dimensions required for input: (.+), but no shapes were provided/;

/** The bindings a run's log names, in order, and the inputs trtexec overrode for want of --shapes. */
export function readBindings(log: string): { bindings: Binding[]; overridden: string[] } {
  const bindings: Binding[] = [];
  const overridden: string[] = [];
  for (const line of log.split('\n')) {
    const binding = BINDING.exec(line);
    if (binding) bindings.push({ kind: binding[1] as Binding['kind'], name: binding[2]!, dims: binding[3]! });
    const dynamic = OVERRIDDEN.exec(line);
    if (dynamic) overridden.push(dynamic[1]!);
  }
  return { bindings, overridden };
}

/** `images:4x3x640x640 → output0:4x84x8400`: a run's interface, as a message shows it. */
export const describeBindings = (bindings: readonly Binding[]) =>
  `${bindings
    .filter((b) => b.kind === 'input')
    .map((b) => `${b.name}:${b.dims}`)
    .join(', ')} → ${bindings
    .filter((b) => b.kind === 'output')
    .map((b) => `${b.name}:${b.dims}`)
    .join(', ')}`;
