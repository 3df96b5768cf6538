export const COMPILE_HINT: string;
export function hintEagerCompile(distFolder: string): number;
