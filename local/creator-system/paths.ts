import path from 'node:path';

/** Where the creator system keeps its files under the local stack's data root. */
export function creatorSystemDir(dataDir: string): string {
  return path.join(dataDir, 'creator-system');
}
