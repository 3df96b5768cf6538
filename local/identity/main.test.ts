// The entry point as the stack orchestrator runs it: `node --import tsx local/identity/main.ts`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'identity-main-'));
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function run(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/identity/main.ts'], {
    cwd: root,
    env: { ...process.env, LOCAL_IDENTITY_PORT: String(port), LOCAL_DATA_DIR: dataDir },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitFor(check: () => boolean, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('listens on 127.0.0.1, says so, and stops cleanly on SIGTERM', async () => {
  const port = await freePort();
  const service = run(port);
  try {
    await waitFor(() => service.output().stdout.includes('listening on'));
    expect(service.output().stdout).toContain(
      `local identity listening on http://127.0.0.1:${port}`,
    );
    expect(service.output().stdout).toContain('demo creator: demo@creator.test / Demo!2345');
    const health = await fetch(`http://127.0.0.1:${port}/__local/health`);
    expect(await health.json()).toEqual({ ok: true });
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  } finally {
    service.child.kill('SIGKILL');
  }
});

test('exits non-zero with a clear message when the port is taken', async () => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    const service = run(port);
    expect(await service.exited).toBe(1);
    expect(service.output().stderr).toContain(`port ${port} is already in use`);
  } finally {
    blocker.close();
  }
});
