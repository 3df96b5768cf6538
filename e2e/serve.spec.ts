import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from './fixtures';
import { e2ePorts } from './ports';

// The server a host runs (`node serve.mjs` in the standalone folder, README "Deploy"), started on
// its own beside the run's, with the run's local services.

test('a host listening on the loopback address 127.0.0.1 serves the sign-in pages and Creator Cash', async () => {
  const ports = e2ePorts();
  const port = ports.web + 9;
  // Where scripts/standalone.mjs puts it (the build folder is NEXT_DIST_DIR, else .next).
  const serve = path.resolve(
    process.env.NEXT_DIST_DIR?.trim() || '.next',
    'standalone',
    'serve.mjs',
  );
  const server = spawn(process.execPath, [serve], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      LOCAL_STACK: '1',
      LOCAL_IDENTITY_PORT: String(ports.identity),
      LOCAL_CREATOR_PORT: String(ports.creator),
      LOCAL_EMBED_PORT: String(ports.embed),
    },
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        () =>
          fetch(`${base}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 30_000,
          intervals: [250],
        },
      )
      .toBe(200);
    const campaign = `/creatorcash?${Buffer.from('variant=v1').toString('base64')}`;
    for (const page of ['/login', '/register', '/forgot-password', campaign]) {
      const res = await fetch(`${base}${page}`, { redirect: 'manual' });
      expect([page, res.status]).toEqual([page, 200]);
      // The prerendered page (for the sign-in pages, their twin), not one rendered per request.
      expect([page, res.headers.get('x-nextjs-cache')]).toEqual([page, 'HIT']);
    }
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
});
