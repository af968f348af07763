// The shapes inside a profile's range that an accuracy check runs at besides its corners: seeded, so every
// runner and every run picks the same ones, and on no profile point. An engine can be right at min, opt and max
// and wrong at one valid shape between them (NVIDIA/TensorRT#4846: [4,1,19,31]).
import { type ProfileConfig, runProfile } from '../contract/config.js';

/** How many interior shapes the sweep adds to a profile's corners. */
const INTERIOR_POINTS = 2;

/**
 * The profile's interior shapes, each as a profile whose opt is that shape (so every reader of a profile's
 * shape takes it). A dimension's value is shared by every dimension with the same min, opt and max (a batch,
 * a sequence length that several inputs carry); each is drawn from the values strictly between min and max
 * that are no profile point, the first odd where one is; a dimension with no such value stays at opt. None
 * when no dimension has room.
 */
export function interiorPoints(profile: ProfileConfig): ProfileConfig[] {
  const shapes = runProfile(profile).shapes;
  const picks = new Map<string, number[]>();
  for (const s of shapes)
    s.min.forEach((min, i) => {
      const key = `${min},${s.opt[i]},${s.max[i]}`;
      if (!picks.has(key)) picks.set(key, pickInterior(min, s.opt[i]!, s.max[i]!));
    });
  if ([...picks.values()].every((p) => p.length === 0)) return [];
  return Array.from({ length: INTERIOR_POINTS }, (_, point) => ({
    name: profile.name,
    shapes: shapes.map((s) => ({
      ...s,
      opt: s.opt.map((opt, i) => {
        const values = picks.get(`${s.min[i]},${opt},${s.max[i]}`)!;
        return values.length ? values[point % values.length]! : opt;
      }),
    })),
  }));
}

/** Up to INTERIOR_POINTS values in (min, max) other than opt, drawn by a generator seeded by the range. */
function pickInterior(min: number, opt: number, max: number): number[] {
  const candidates: number[] = [];
  // A range of millions is sampled, not listed: 4096 evenly spaced candidates keep the draw cheap.
  const step = Math.max(1, Math.floor((max - min) / 4096));
  for (let v = min + 1; v < max; v += step) if (v !== opt) candidates.push(v);
  if (candidates.length === 0) return [];
  let state = (Math.imul(min, 73856093) ^ Math.imul(opt, 19349663) ^ Math.imul(max, 83492791) ^ 0x5eed) >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
  const odd = candidates.filter((v) => v % 2 === 1);
  const first = odd.length
    ? odd[Math.floor(next() * odd.length)]!
    : candidates[Math.floor(next() * candidates.length)]!;
  const rest = candidates.filter((v) => v !== first);
  return rest.length ? [first, rest[Math.floor(next() * rest.length)]!] : [first];
}

/** A profile's shape as trtexec's --shapes writes it: x:4x1x19x31,mask:4x19. */
export function shapeText(profile: ProfileConfig, pick: 'min' | 'opt' | 'max'): string {
  return runProfile(profile)
    .shapes.map((s) => `${s.input}:${s[pick].join('x')}`)
    .join(',');
}
