export const MANIFEST: string;
export function hashPage(
  html: string,
  readStatic: (pathAfterStatic: string) => Buffer,
): { html: string; hashes: string[] };
export function sealPrerendered(distDir: string, staticDir?: string): Record<string, string[]>;
export function paintFirst(html: string): string;
export function startedScripts(html: string): [src: string, integrity: string][];
