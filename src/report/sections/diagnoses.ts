// Each plan padded with zeros (NVIDIA/TensorRT#4841): verify's diagnosis, its layers and what to do.
import { text } from '../../common/markdown-text.js';
import type { Section } from '../../common/trim.js';
import { renderDiagnosisMarkdown } from '../parts/diagnosis.js';
import { PRIORITY } from '../priority.js';
import { engineName, type Row } from '../rows.js';

export function diagnosisSections(rows: readonly Row[]): Section[] {
  return rows.flatMap(({ build }) =>
    build.scan?.diagnosis
      ? [
          {
            priority: PRIORITY.cause,
            text: [
              `#### ${text(engineName(build))}: plan padded with zeros`,
              '',
              renderDiagnosisMarkdown(build.scan.diagnosis),
            ].join('\n'),
          },
        ]
      : [],
  );
}
