// The runners' reports as the report job finds them: which runner types the pack started, which report.json
// files came back from them (the baseline copies left out), and the deploy jobs' loads put into them.
import * as core from '@actions/core';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { InputError } from '../common/errors.js';
import { DEPLOY_LOAD_SCHEMA, type DeployLoadReport, deployLoadSchema } from '../contract/deploy-load.js';
import type { Report } from '../contract/report.js';
import { artifactNames } from '../github/baseline-artifact.js';
import { withDeployLoads } from '../record/deploy-loads.js';

/**
 * The runners the pack started, from its `runners` input (a JSON list of label sets, or of ARC scale-set
 * names: `runs-on: <name>`); each uploads its report as the artifact trt-ci-<labels joined with ->, a
 * scale set's as trt-ci-<name> (GitHub's join() of a string is the string). Empty: none expected by name.
 */
export function expectedRunners(json: string): string[][] {
  if (!json.trim()) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = null;
  }
  const labels = (set: unknown) =>
    (typeof set === 'string' && set.trim() !== '') ||
    (Array.isArray(set) && set.length > 0 && set.every((l) => typeof l === 'string'));
  const valid = Array.isArray(value) && value.every(labels);
  if (!valid) {
    throw new InputError(
      'expected-runners: expected a JSON list of runner label sets or ARC scale-set names like ' +
        `[["self-hosted","gpu","a100"], "arc-h100"], got ${json}`,
    );
  }
  return (value as (string | string[])[]).map((set) => (typeof set === 'string' ? [set] : set));
}

/**
 * The expected runners (each shard of each, when the pack shards them) with no readable report in the
 * folder the pack downloads their artifacts to, as trt-ci-<labels>[-shard-<i>-of-<n>].
 */
export function missingRunners(
  expected: readonly string[][],
  reportFiles: readonly string[],
  root: string,
  shards = 1,
): string[] {
  const found = new Set(reportFiles.map((file) => relative(root, file).split(sep)[0]));
  const missing: string[] = [];
  for (const labels of expected) {
    for (let shard = 1; shard <= shards; shard += 1) {
      const suffix = shards > 1 ? `-shard-${shard}-of-${shards}` : '';
      if (!found.has(`trt-ci-${labels.join('-')}${suffix}`)) {
        missing.push(labels.join(' ') + (shards > 1 ? ` (shard ${shard}/${shards})` : ''));
      }
    }
  }
  return missing;
}

/**
 * The pack's deploy jobs' loads (trt-ci-deploy-<target>/deploy.json), read as data and put into the reports
 * of the runner types whose plans they loaded (trt-ci-<from>); a file that is not a deploy load is skipped.
 */
export function withDeployLoadsIn(reports: Report[], files: readonly string[], root: string): Report[] {
  const keys = files.map((file) => relative(root, file).split(sep)[0]!);
  const loads: DeployLoadReport[] = [];
  for (const dir of readdirSyncSafe(root).filter((d) => d.startsWith('trt-ci-deploy-'))) {
    let parsed: ReturnType<typeof deployLoadSchema.safeParse> | null = null;
    try {
      parsed = deployLoadSchema.safeParse(JSON.parse(readFileSync(join(root, dir, 'deploy.json'), 'utf8')));
    } catch {
      parsed = null;
    }
    if (parsed?.success) loads.push(parsed.data);
    else core.warning(`trt-ci: skipped ${dir}: no readable ${DEPLOY_LOAD_SCHEMA} deploy.json`);
  }
  const merged = withDeployLoads(new Map(keys.map((key, i) => [key, reports[i]!])), loads);
  return keys.map((key) => merged.get(key)!);
}

function readdirSyncSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** report.json files under a folder (one per downloaded artifact). */
const BASELINE_PREFIX = artifactNames('').baseline;

export async function findReports(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      // trt-ci-report-<key>: the copy the run action keeps as the next runs' baseline (a push's), which a
      // trt-ci-* download brings beside the runner's own trt-ci-<key>: the same report, taken once.
      if (entry.isDirectory() && depth === 0 && entry.name.startsWith(BASELINE_PREFIX)) continue;
      if (entry.isDirectory() && depth < 3) await walk(path, depth + 1);
      else if (entry.isFile() && entry.name === 'report.json') found.push(path);
    }
  };
  await walk(root, 0);
  return found.sort();
}
