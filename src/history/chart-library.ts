// uPlot's files for the dashboard page: beside the bundle in dist/uplot/ (npm run build copies them there,
// for the CLI and the report action alike), else from node_modules (the tests, a checkout run with tsx).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChartLibrary } from './dashboard.js';

export function loadChartLibrary(): ChartLibrary {
  const beside = fileURLToPath(new URL('./uplot/', import.meta.url));
  const read = (file: string) => {
    try {
      return readFileSync(join(beside, file), 'utf8');
    } catch {
      return readFileSync(createRequire(import.meta.url).resolve(`uplot/dist/${file}`), 'utf8');
    }
  };
  return { js: read('uPlot.iife.min.js'), css: read('uPlot.min.css') };
}
