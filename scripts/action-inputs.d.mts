// Types of scripts/action-inputs.mjs, for the TypeScript that imports it (the reference generator, a test).
export const ACTIONS: Record<'run' | 'gate' | 'report', string>;
export function actionInputsModule(root: string): string;
