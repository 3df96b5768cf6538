/**
 * Runs the local identity service: `node --import tsx local/identity/main.ts`.
 * Env: LOCAL_IDENTITY_PORT (9229), LOCAL_DATA_DIR (.data/local; files in <dir>/identity),
 * IDENTITY_ACCESS_TOKEN_TTL / IDENTITY_ID_TOKEN_TTL / IDENTITY_REFRESH_TOKEN_TTL (seconds; default:
 * the template's, infra/user-pool.yaml),
 * IDENTITY_CLIENT_WRITE_ATTRIBUTES (the app client's write attributes, comma-separated), and the
 * pool settings of settings.ts (IDENTITY_CLIENT_SECRET, IDENTITY_PREVENT_USER_EXISTENCE_ERRORS, …).
 */
import path from 'node:path';
import { parseWriteAttributes } from './attributes';
import { CLIENT_ID, POOL_ID } from './config';
import { LOCAL_STACK } from '../../contract/local-stack';
import { templatePool } from './pool-template';
import { startIdentityServer } from './server';
import { settingsFromEnv } from './settings';

function fail(message: string): never {
  console.error(`local identity: ${message}`);
  process.exit(1);
}

function positiveInt(name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
    fail(`${name} must be a whole number from 1 to ${max}, got "${raw}"`);
  return Number(raw);
}

async function main(): Promise<void> {
  const port = positiveInt('LOCAL_IDENTITY_PORT', LOCAL_STACK.ports.identity, 65535);
  const dataDir = path.resolve(process.env.LOCAL_DATA_DIR?.trim() || path.join('.data', 'local'));
  let clientWriteAttributes;
  try {
    clientWriteAttributes = parseWriteAttributes(process.env.IDENTITY_CLIENT_WRITE_ATTRIBUTES);
  } catch (err) {
    fail(`IDENTITY_CLIENT_WRITE_ATTRIBUTES: ${(err as Error).message}`);
  }
  let settings;
  try {
    settings = settingsFromEnv(process.env);
  } catch (err) {
    fail((err as Error).message);
  }
  let server;
  try {
    server = await startIdentityServer({
      port,
      host: '127.0.0.1',
      dataDir,
      accessTokenTtl: positiveInt('IDENTITY_ACCESS_TOKEN_TTL', templatePool().tokenTtl.access),
      idTokenTtl: positiveInt('IDENTITY_ID_TOKEN_TTL', templatePool().tokenTtl.id),
      refreshTokenTtl: positiveInt('IDENTITY_REFRESH_TOKEN_TTL', templatePool().tokenTtl.refresh),
      clientWriteAttributes,
      settings,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
      fail(`port ${port} is already in use`);
    throw err;
  }
  console.log(
    `local identity listening on ${server.url} (pool ${POOL_ID}, client ${CLIENT_ID}, data ${path.join(dataDir, 'identity')})`,
  );

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) =>
  fail(err instanceof Error ? (err.stack ?? err.message) : String(err)),
);
