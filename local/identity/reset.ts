import { rmSync } from 'node:fs';
import path from 'node:path';

/** Wipes the identity service's data (`<dataDir>/identity`): users, codes, sessions, outbox, keys. */
export function resetIdentityData(dataDir: string): void {
  rmSync(path.join(dataDir, 'identity'), { recursive: true, force: true });
}
