import {
  matchEvidence,
  matchWhileCalibrating,
  requestedBytes,
  TERMINAL_PATTERN,
  withLocation,
  type EvidenceMatch,
} from './failures.js';
import { type FailureContext, hintFor } from './failure-hints.js';
import type { Failure, TimingStats } from '../contract/report.js';
import { MiB } from '../common/units.js';
import {
  BANNER_PATTERN,
  decodeBannerVersion,
  formatVersion,
  parseVersion,
  type TensorRtVersion,
  VERDICT_PATTERN,
} from './version.js';
export type { TimingStats };

export type LogStatus = 'passed' | 'failed' | 'unknown';

export interface ParsedLog {
  tensorrtVersion: string | null;
  tensorrtBuild: number | null;
  status: LogStatus;
  engineBytes: number | null;
  /**
   * exact: from "Created engine with size: 12.3456 MiB"; at-least: from "Loaded engine size: N MiB", the size
   * >> 20 (0 MiB is under 1 MiB, not 0 bytes); the plan file's own size is exact where there is one.
   */
  engineBytesAre: 'exact' | 'at-least' | null;
  buildSeconds: number | null;
  throughputQps: number | null;
  latencyMs: TimingStats | null;
  gpuComputeMs: TimingStats | null;
  failure: Failure | null;
  device: { name: string | null; computeCapability: string | null };
}

/** How the process ended; trtexec's exit status is trusted before anything it printed. */
export interface ProcessOutcome {
  exitCode: number | null;
  signal?: string | null;
  timedOut?: boolean;
}

const TIMESTAMP = /^\[?\d\d\/\d\d\/\d{4}-\d\d:\d\d:\d\d\] /;
const SEVERITY = /^\[([IWEVF])\] /;
const NUMBER = '(-?\\d+(?:\\.\\d+)?(?:e[-+]?\\d+)?)';
const STAT = new RegExp(`\\b(min|max|mean|median) = ${NUMBER} ms`, 'g');
const PERCENTILE = new RegExp(`percentile\\((\\d+(?:\\.\\d+)?)%\\) = ${NUMBER} ms`, 'g');
// TensorRT <= 8.0 printed the summary as a block of "min: X ms (end to end Y ms)" lines.
const OLD_STAT = new RegExp(`^(min|max|mean|median): ${NUMBER} ms`);
const OLD_PERCENTILE = new RegExp(`^percentile: ${NUMBER} ms at (\\d+(?:\\.\\d+)?)%`);

function emptyStats(): TimingStats {
  return { min: null, max: null, mean: null, median: null, p90: null, p95: null, p99: null };
}

/**
 * Reads trtexec output (7.x to 11.x) one line at a time and keeps only the figures, so a
 * multi-gigabyte verbose log costs no more memory than a short one.
 */
/** TensorRT's line after a timing cache it could not read (its magic or version tag): it builds without one. */
const TIMING_CACHE_UNUSED = /The timing cache will not be used/;

export class TrtexecLogParser {
  private version: TensorRtVersion | null = null;
  private banner: 'PASSED' | 'FAILED' | null = null;
  private engineBytes: number | null = null;
  private loadedEngineBytes: number | null = null;
  private builtSeconds: number | null = null;
  private generationSeconds: number | null = null;
  private throughput: number | null = null;
  private latency: TimingStats | null = null;
  private gpuCompute: TimingStats | null = null;
  private oldSection: 'latency' | 'gpu' | 'other' | null = null;
  private evidence: EvidenceMatch | null = null;
  private evidenceLevel: string | null = null;
  /** What the evidence was before the last line that replaced it, and how many lines ago that was. */
  private replaced: { evidence: EvidenceMatch | null; level: string | null; linesAgo: number } | null = null;
  private requestedBytes: number | null = null;
  /** Between "Starting Calibration" and "Calibration completed": an error there is INT8 calibration's. */
  private calibrating = false;
  private terminal: string | null = null;
  private lastError: string | null = null;
  private deviceName: string | null = null;
  private computeCapability: string | null = null;

  push(rawLine: string): void {
    // trtexec never starts a line with '#'; saved logs use such lines for notes (where it ran, why).
    if (rawLine.startsWith('#')) return;
    if (rawLine.startsWith('&&&& ')) {
      this.readBanner(rawLine);
      return;
    }
    let line = rawLine.replace(TIMESTAMP, '');
    // trtexec writes "[E] [TRT] …", TensorRT's Python logger "[TRT] [E] …": take both in either order.
    let level: string | null = null;
    for (let prefix = 0; prefix < 2; prefix += 1) {
      const severity = SEVERITY.exec(line);
      if (severity) {
        level = severity[1]!;
        line = line.slice(severity[0].length);
      } else if (line.startsWith('[TRT] ')) {
        line = line.slice(6);
      }
    }
    // Verbose lines are most of a big log and carry little; only the build time can hide there.
    if (level === 'V') {
      this.readBuildFigures(line);
      return;
    }
    this.readFigures(line);
    this.readFailure(line, level);
  }

  private readBanner(line: string): void {
    const verdict = VERDICT_PATTERN.exec(line)?.[1];
    if (verdict === 'PASSED' || verdict === 'FAILED') this.banner = verdict;
    const match = BANNER_PATTERN.exec(line);
    if (!match) return;
    const version = decodeBannerVersion(match[2]!, match[3]);
    if (version && !this.version) this.version = version;
    else if (version && this.version?.build === null && sameRelease(version, this.version))
      this.version.build = version.build;
  }

  private readBuildFigures(line: string): boolean {
    let match = /^Engine built in ([\d.]+) sec/.exec(line);
    if (match) {
      this.builtSeconds = Number(match[1]);
      return true;
    }
    match = /^Engine generation completed in ([\d.]+) seconds/.exec(line);
    if (match) {
      this.generationSeconds = Number(match[1]);
      return true;
    }
    return false;
  }

  private readFigures(line: string): void {
    if (this.readBuildFigures(line)) return;
    let match = /^Created engine with size: ([\d.]+) MiB/.exec(line);
    if (match) {
      this.engineBytes = Math.round(Number(match[1]) * MiB);
      return;
    }
    // TensorRT 8.0 prints "MB" where later releases print "MiB", for the same size >> 20 (docs/trtexec-flags.md).
    match = /^Loaded engine size: ([\d.]+) Mi?B\b/.exec(line);
    if (match) {
      this.loadedEngineBytes ??= Math.round(Number(match[1]) * MiB);
      return;
    }
    match = /^TensorRT version: (\d+\.\d+\.\d+)/.exec(line);
    if (match) {
      if (!this.version) this.version = parseVersion(match[1]!);
      return;
    }
    match = /^Selected Device: (.+)$/.exec(line);
    if (match) {
      this.deviceName = match[1]!.trim();
      return;
    }
    match = /^Compute Capability: (\d+\.\d+)/.exec(line);
    if (match) {
      this.computeCapability = match[1]!;
      return;
    }
    match = /^Throughput: ([\d.e+-]+) qps/.exec(line) ?? /^throughput: ([\d.e+-]+) qps/.exec(line);
    if (match) {
      this.throughput = Number(match[1]);
      return;
    }
    if (line.startsWith('Latency: ')) {
      this.latency = readStats(line);
      return;
    }
    if (line.startsWith('GPU Compute Time: ')) {
      this.gpuCompute = readStats(line);
      return;
    }
    this.readOldSummary(line);
  }

  private readOldSummary(line: string): void {
    const header = line.trim();
    if (header === 'Host Latency') {
      this.oldSection = 'latency';
      this.latency = emptyStats();
    } else if (header === 'GPU Compute') {
      this.oldSection = 'gpu';
      this.gpuCompute = emptyStats();
    } else if (header === 'Enqueue Time' || header === 'Host Walltime') {
      this.oldSection = 'other';
    }
    const target = this.oldSection === 'latency' ? this.latency : this.oldSection === 'gpu' ? this.gpuCompute : null;
    if (!target) return;
    const stat = OLD_STAT.exec(line);
    if (stat) {
      target[stat[1] as 'min'] = Number(stat[2]);
      return;
    }
    const percentile = OLD_PERCENTILE.exec(line);
    if (percentile) target[`p${percentile[2]}`] = Number(percentile[1]);
  }

  private readFailure(line: string, level: string | null): void {
    // Said at [I] (trtexec) or with no level (TensorRT 7's "[TensorRT] INFO: Starting Calibration with batch size 1.").
    if (/Starting Calibration\b/.test(line)) this.calibrating = true;
    else if (/Calibration completed in /.test(line)) this.calibrating = false;
    if (level === 'I') return;
    if (this.replaced) this.replaced.linesAgo += 1;
    // A fatal assertion's file and line, on the line after it (trtexec's [F] line, TensorRT 7's INTERNAL ERROR).
    const located = this.evidence && this.replaced?.linesAgo === 1 ? withLocation(this.evidence, line) : null;
    if (located) {
      this.evidence = located;
      return;
    }
    // "Magic tag / Version tag does not match" then "The timing cache will not be used!": TensorRT could not read
    // a timing cache and builds without it (a warning, whatever its level), not a plan that does not load.
    if (TIMING_CACHE_UNUSED.test(line)) {
      if (this.replaced && this.replaced.linesAgo <= 3 && this.evidence?.kind === 'plan-incompatible') {
        this.evidence = this.replaced.evidence;
        this.evidenceLevel = this.replaced.level;
      }
      this.replaced = null;
      return;
    }
    const match = this.calibrating ? matchWhileCalibrating(line, level) : matchEvidence(line, level);
    if (
      match &&
      (!this.evidence ||
        match.rank < this.evidence.rank ||
        (match.rank === this.evidence.rank && level === 'E' && this.evidenceLevel !== 'E'))
    ) {
      this.replaced = { evidence: this.evidence, level: this.evidenceLevel, linesAgo: 0 };
      this.evidence = match;
      this.evidenceLevel = level;
    }
    if (!this.terminal && TERMINAL_PATTERN.test(line)) this.terminal = line;
    if (match?.kind === 'out-of-memory') this.requestedBytes ??= requestedBytes(line);
    if (level === 'E' || level === 'F') this.lastError = line;
  }

  /** The figures so far, judged by how the process ended when that is known. */
  result(outcome?: ProcessOutcome, context: FailureContext = {}): ParsedLog {
    const version = this.version ? formatVersion(this.version) : null;
    const status = this.status(outcome);
    return {
      tensorrtVersion: version,
      tensorrtBuild: this.version?.build ?? null,
      status,
      engineBytes: this.engineBytes ?? this.loadedEngineBytes,
      engineBytesAre: this.engineBytes !== null ? 'exact' : this.loadedEngineBytes !== null ? 'at-least' : null,
      buildSeconds: this.builtSeconds ?? this.generationSeconds,
      throughputQps: this.throughput,
      latencyMs: this.latency,
      gpuComputeMs: this.gpuCompute,
      failure: status === 'failed' ? this.failure(outcome, { tensorrtVersion: version, ...context }) : null,
      device: { name: this.deviceName, computeCapability: this.computeCapability },
    };
  }

  private status(outcome?: ProcessOutcome): LogStatus {
    if (outcome?.timedOut) return 'failed';
    if (outcome && (outcome.exitCode !== null || outcome.signal)) return outcome.exitCode === 0 ? 'passed' : 'failed';
    if (this.banner === 'PASSED') return 'passed';
    if (this.banner === 'FAILED' || this.terminal) return 'failed';
    return 'unknown';
  }

  private failure(outcome: ProcessOutcome | undefined, context: FailureContext): Failure {
    if (outcome?.timedOut)
      return {
        kind: 'timeout',
        message: 'trtexec ran past build-timeout and was stopped',
        hint: hintFor('timeout', '', context),
      };
    if (this.evidence) {
      const hint =
        this.evidence.hint ??
        hintFor(this.evidence.kind, this.evidence.message, { requestedBytes: this.requestedBytes, ...context });
      return { kind: this.evidence.kind, message: this.evidence.message, hint };
    }
    const how = outcome?.signal
      ? `trtexec was killed by ${outcome.signal}`
      : outcome
        ? `trtexec exited with status ${outcome.exitCode}`
        : 'trtexec failed';
    const message = this.terminal ?? this.lastError ?? how;
    return {
      kind: 'other',
      message: message === how ? how : `${how}: ${message}`,
      hint: hintFor('other', message, context),
    };
  }
}

function sameRelease(a: TensorRtVersion, b: TensorRtVersion): boolean {
  return a.major === b.major && a.minor === b.minor && a.patch === b.patch;
}

function readStats(line: string): TimingStats {
  const stats = emptyStats();
  for (const match of line.matchAll(STAT)) stats[match[1] as 'min'] = Number(match[2]);
  for (const match of line.matchAll(PERCENTILE)) stats[`p${match[1]}`] = Number(match[2]);
  return stats;
}
