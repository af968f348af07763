/** A TensorRT release: 10.16.1 (build 11); or one of TensorRT-RTX (its own numbers: 1.7.1.116). */
export interface TensorRtVersion {
  major: number;
  minor: number;
  patch: number;
  build: number | null;
  /** Set for TensorRT-RTX, whose numbers are not TensorRT's: none of TensorRT's version rules apply to it. */
  product?: 'TensorRT-RTX';
}

/** "TensorRT" or "TensorRT-RTX": whose version this is, for the report and its words. */
export const productOf = (version: TensorRtVersion): 'TensorRT' | 'TensorRT-RTX' => version.product ?? 'TensorRT';

/**
 * Whether networks are strongly typed only: TensorRT 11 and TensorRT-RTX, which build FP16 and BF16 from an
 * ONNX of that type (trt-ci writes it) and have no precision flags and no INT8 calibrator.
 */
export const stronglyTypedOnly = (version: TensorRtVersion) =>
  version.product === 'TensorRT-RTX' || atLeast(version, '11.0');

/**
 * Decodes the `[TensorRT vNNNN] [bNN]` tag of trtexec's `&&&&` lines. NV_TENSORRT_VERSION is
 * major*1000+minor*100+patch up to 8.x (4 digits: v8601) and major*10000+minor*100+patch from 10
 * (6 digits: v101601), so the digit count tells the two apart.
 */
export function decodeBannerVersion(digits: string, build?: string): TensorRtVersion | null {
  const value = Number(digits);
  if (!Number.isInteger(value)) return null;
  const buildNumber = build === undefined ? null : Number(build);
  if (digits.length === 4) {
    return {
      major: Math.floor(value / 1000),
      minor: Math.floor((value % 1000) / 100),
      patch: value % 100,
      build: buildNumber,
    };
  }
  if (digits.length === 6) {
    return {
      major: Math.floor(value / 10000),
      minor: Math.floor((value % 10000) / 100),
      patch: value % 100,
      build: buildNumber,
    };
  }
  return null;
}

export const BANNER_PATTERN =
  /^&&&& (RUNNING|PASSED|FAILED|WAIVED) TensorRT\.trtexec \[TensorRT v(\d+)\](?: \[b(\d+)\])?/;

/**
 * The verdict line as every version prints it: TensorRT 7.x had no `[TensorRT v…]` tag
 * (`&&&& PASSED TensorRT.trtexec # trtexec …`), so the verdict must not depend on it; the version does.
 */
// The command after " # " is left out where a log was cut or quoted short ("&&&& PASSED TensorRT.trtexec
// [TensorRT v101401]" in tutorials' logs): the verdict is the banner's either way.
export const VERDICT_PATTERN =
  /^&&&& (RUNNING|PASSED|FAILED|WAIVED) TensorRT\.trtexec(?:(?: \[TensorRT v\d+\][^#]*)? #| \[TensorRT v\d+\]\s*$)/;

/** "10.16.1", "10.16.1.11", "8.6" → version; null when it is not one. */
export function parseVersion(text: string): TensorRtVersion | null {
  const match = /^(\d+)\.(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: match[3] === undefined ? 0 : Number(match[3]),
    build: match[4] === undefined ? null : Number(match[4]),
  };
}

export function formatVersion(version: TensorRtVersion, withBuild = false): string {
  const base = `${version.major}.${version.minor}.${version.patch}`;
  return withBuild && version.build !== null ? `${base}.${version.build}` : base;
}

/** Compares release numbers, ignoring the build number. */
function compareVersions(a: TensorRtVersion, b: TensorRtVersion): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/** True when `version` is at least "major.minor". */
export function atLeast(version: TensorRtVersion, majorMinor: string): boolean {
  const floor = parseVersion(majorMinor);
  if (!floor) throw new Error(`bad version literal ${majorMinor}`);
  return compareVersions(version, floor) >= 0;
}
