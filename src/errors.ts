/**
 * Bad input (config, arguments, unreadable files). The CLI turns it into exit status 2 and prints
 * only `message`, which must name the field or file and say what was expected.
 */
export class InputError extends Error {
  override name = 'InputError';
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
