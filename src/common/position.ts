/** `trt-ci.yml:12:9`, as editors and terminals link it: a config error's head and a report's annotations. */
export function formatPosition(position: { file: string; line: number; column: number }): string {
  return `${position.file}:${position.line}:${position.column}`;
}
