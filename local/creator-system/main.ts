// Runs the creator API and analytics embed stand-ins: `node --import tsx local/creator-system/main.ts`.
import path from 'node:path';
import { LOCAL_STACK } from '../../contract/local-stack';
import { creatorSystemDir } from './paths';
import { PortInUseError, startCreatorSystem } from './server';

function fail(message: string): never {
  process.stderr.write(`creator system: ${message}\n`);
  process.exit(1);
}

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    fail(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  return n;
}

async function main(): Promise<void> {
  const apiPort = intFromEnv('LOCAL_CREATOR_PORT', LOCAL_STACK.ports.creator, 0, 65535);
  const embedPort = intFromEnv('LOCAL_EMBED_PORT', LOCAL_STACK.ports.embed, 0, 65535);
  const embedTokenTtl = intFromEnv('CREATOR_EMBED_TOKEN_TTL', 300, 1, 86_400);
  const slowMs = intFromEnv('LOCAL_CREATOR_SLOW_MS', 30_000, 0, 600_000);
  const dataDir = path.resolve(process.env.LOCAL_DATA_DIR?.trim() || path.join('.data', 'local'));
  // The app sends CREATOR_API_KEY when it is set, so the stand-in asks for the same key.
  const apiKey = process.env.CREATOR_API_KEY?.trim() || undefined;
  const log = (line: string) => process.stdout.write(`[creator system] ${line}\n`);

  let system;
  try {
    system = await startCreatorSystem({
      apiPort,
      embedPort,
      host: '127.0.0.1',
      dataDir,
      embedTokenTtl,
      slowMs,
      apiKey,
      log,
    });
  } catch (err) {
    if (err instanceof PortInUseError) {
      fail(
        `${err.message} Stop what is using it, or set ${err.service === 'creator API' ? 'LOCAL_CREATOR_PORT' : 'LOCAL_EMBED_PORT'}.`,
      );
    }
    fail(err instanceof Error ? err.message : String(err));
  }

  const own = creatorSystemDir(dataDir);
  const shown = path.relative(process.cwd(), own);
  log(
    `creator API ${system.apiUrl} · analytics embed ${system.embedUrl} · data ${shown.startsWith('..') ? own : shown}${apiKey ? ' · x-api-key required' : ''}`,
  );

  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    system.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

void main();
