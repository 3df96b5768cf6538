/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// POST /__local/notices: a notice that carries no code lands in the outbox like a code does.
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startIdentityServer, type IdentityServer } from './server';

let server: IdentityServer;
let dataDir: string;
const printed: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'identity-notices-'));
  server = await startIdentityServer({
    port: 0,
    dataDir,
    log: (line) => void printed.push(line),
    seedDemo: false,
    scryptLogN: 10,
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (body: string) =>
  fetch(`${server.url}/__local/notices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
const outbox = async (to: string) =>
  (await (await fetch(`${server.url}/__local/outbox?to=${encodeURIComponent(to)}`)).json()) as {
    to: string;
    channel: string;
    purpose: string;
    code: string;
    sentAt: string;
  }[];

test('records an email-changed notice for the address, with an empty code, and prints it', async () => {
  const res = await post(
    JSON.stringify({ to: 'Old.Owner@creator.test', purpose: 'email-changed' }),
  );
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true });
  const [notice] = await outbox('old.owner@creator.test');
  expect(notice).toEqual({
    to: 'Old.Owner@creator.test',
    channel: 'email',
    purpose: 'email-changed',
    code: '',
    sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  expect(printed.at(-1)).toContain('email-changed notice for Old.Owner@creator.test');
});

test.each([
  ['not JSON', '{nope'],
  ['no address', JSON.stringify({ purpose: 'email-changed' })],
  ['a purpose of its own choosing', JSON.stringify({ to: 'a@creator.test', purpose: 'signup' })],
  [
    'a code smuggled in',
    JSON.stringify({ to: 'a@creator.test', purpose: 'email-changed', code: '1' }),
  ],
])('refuses %s with 400 and records nothing', async (_label, body) => {
  const res = await post(body);
  expect(res.status).toBe(400);
  expect(await res.json()).toHaveProperty('error');
  expect(await outbox('a@creator.test')).toEqual([]);
});
