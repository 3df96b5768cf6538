// Test support: runs main.ts in a child process. The embed tokens are signed with jose, which is
// ESM-only and cannot be loaded by this jest setup, so the servers are exercised over HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const MAIN = path.join(__dirname, 'main.ts');

export type Running = {
  apiUrl: string;
  embedUrl: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<number | null>;
};

export type Exited = { code: number | null; output: string };

export function tempDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'creator-system-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function launch(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      CREATOR_API_KEY: '',
      LOCAL_CREATOR_PORT: '0',
      LOCAL_EMBED_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (b: Buffer) => (text += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (text += b.toString()));
  return { child, output: () => text };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** Starts main.ts on ephemeral ports and resolves once it prints its addresses. */
export async function startMain(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Running> {
  const { child, output } = launch({ LOCAL_DATA_DIR: dataDir, ...env });
  const ready = /creator API (http:\/\/\S+) · analytics embed (http:\/\/\S+)/;
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`main.ts did not start:\n${output()}`)),
      10_000,
    );
    const check = () => {
      const m = ready.exec(output());
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`main.ts exited early:\n${output()}`));
    });
  });
  return {
    apiUrl: match[1] ?? '',
    embedUrl: match[2] ?? '',
    dataDir,
    output,
    stop: async () => {
      child.kill('SIGTERM');
      return exited(child);
    },
  };
}

/** Runs main.ts expecting it to exit on its own (e.g. a port conflict). */
export async function runMainToExit(env: Record<string, string>): Promise<Exited> {
  const { child, output } = launch(env);
  const code = await exited(child);
  return { code, output: output() };
}

export function readSecret(dataDir: string): Buffer {
  return Buffer.from(
    readFileSync(path.join(dataDir, 'creator-system', 'embed-secret'), 'utf8').trim(),
    'hex',
  );
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An HS256 JWT signed with any key: for forged and expired tokens. */
export function signHs256(payload: Record<string, unknown>, key: Buffer): string {
  const head = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}`;
  return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
}

export function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
