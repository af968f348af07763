// The config's schema read as a tree: which keys a mapping at a path takes (the "did you mean" of an
// unknown key), and which values take ${NAME} from the environment (keys marked with fromEnv). Walks
// zod's own definitions; wrappers (optional, default, a transform's input) are looked through.
import { z } from 'zod';

type Node = z.core.$ZodType;
type Def = {
  type: string;
  innerType?: Node;
  in?: Node;
  shape?: Record<string, Node>;
  element?: Node;
  valueType?: Node;
  options?: Node[];
};

const defOf = (node: Node) => node._zod.def as unknown as Def;

/** The node and the nodes it wraps, outermost first, down to the one that says what the value is. */
function chain(node: Node): Node[] {
  const nodes = [node];
  for (let def = defOf(node); ; def = defOf(nodes.at(-1)!)) {
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) return nodes;
    nodes.push(inner);
  }
}

const core = (node: Node) => defOf(chain(node).at(-1)!);

/** Marks a key whose text takes ${NAME} and ${NAME:-default} from the job's environment. */
export const fromEnv = <T extends z.ZodType>(schema: T): T => schema.meta({ env: true });

/** Whether a key was marked with fromEnv, on it or on anything it wraps. */
const takesEnv = (node: Node) => chain(node).some((n) => z.globalRegistry.get(n as z.ZodType)?.env === true);

/** The nodes one step down: a mapping's key, a list's item, a record's value, in each form of a union. */
function childrenOf(node: Node, step: string | number): Node[] {
  const def = core(node);
  if (def.type === 'union') return (def.options ?? []).flatMap((o) => childrenOf(o, step));
  if (def.type === 'object') return typeof step === 'string' && def.shape?.[step] ? [def.shape[step]] : [];
  if (def.type === 'array') return typeof step === 'number' && def.element ? [def.element] : [];
  if (def.type === 'record') return def.valueType ? [def.valueType] : [];
  return [];
}

/** The keys the mapping at `path` takes (every form's, for a union of mappings). */
export function keysAt(root: Node, path: readonly (string | number)[]): string[] {
  let nodes = [root];
  for (const step of path) nodes = nodes.flatMap((n) => childrenOf(n, step));
  const keys = nodes.flatMap((n) => {
    const def = core(n);
    const forms = def.type === 'union' ? (def.options ?? []).map(core) : [def];
    return forms.flatMap((f) => (f.type === 'object' ? Object.keys(f.shape ?? {}) : []));
  });
  return [...new Set(keys)];
}

/** Every string in `value` whose key was marked fromEnv, with its path. */
export function envValues(root: Node, value: unknown): { path: (string | number)[]; text: string }[] {
  const found: { path: (string | number)[]; text: string }[] = [];
  const visit = (nodes: Node[], at: unknown, path: (string | number)[]) => {
    if (typeof at === 'string') {
      if (nodes.some(takesEnv) || nodes.some((n) => core(n).type === 'union' && unionTakesEnv(n))) {
        found.push({ path, text: at });
      }
      return;
    }
    if (Array.isArray(at)) {
      for (const [i, item] of at.entries())
        visit(
          nodes.flatMap((n) => childrenOf(n, i)),
          item,
          [...path, i],
        );
    } else if (at && typeof at === 'object') {
      for (const [key, item] of Object.entries(at))
        visit(
          nodes.flatMap((n) => childrenOf(n, key)),
          item,
          [...path, key],
        );
    }
  };
  visit([root], value, []);
  return found;
}

/** A union one of whose text forms takes ${NAME} (a path, or false; auto, or a folder). */
const unionTakesEnv = (node: Node) => (core(node).options ?? []).some(takesEnv);
