/** The GPU checks' table of docs/evidence.md, from the newest bench/results/gpu-check/ folder under `root`. */
export function evidenceTable(root: string): string;
