export function distDirOf(distDir?: string): string;
export function standaloneServer(root: string, distDir?: string): string;
export function completeStandalone(root: string, distDir?: string): string;
