// uPlot's files for the dashboard page: beside the bundle in dist/uplot/ (npm run build copies them there,
// for the CLI and the report action alike), else from node_modules (the tests, a checkout run with tsx).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChartLibrary } from './dashboard.js';

export function loadChartLibrary(): ChartLibrary {
  // Not new URL('./uplot/', import.meta.url): ncc takes that for an asset of its own and rewrites it.
  const beside = join(dirname(fileURLToPath(import.meta.url)), 'uplot');
  const read = (file: string) => {
    try {
      return readFileSync(join(beside, file), 'utf8');
    } catch {
      return readFileSync(createRequire(import.meta.url).resolve(`uplot/dist/${file}`), 'utf8');
    }
  };
  return { js: read('uPlot.iife.min.js'), css: read('uPlot.min.css') };
}
