import { rm } from 'node:fs/promises';
import { creatorSystemDir } from './paths';

/** Wipes the creator system's data (creators, embed secret) under the local stack's data root. */
export async function resetCreatorSystem(dataDir: string): Promise<void> {
  await rm(creatorSystemDir(dataDir), { recursive: true, force: true });
}
