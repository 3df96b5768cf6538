import { readFileSync } from 'node:fs';
import { DEMO, IDENTITY, STRONG_PASSWORD, WEB_APP_LOG, expect, test } from './fixtures';
import { findCodeLeak } from './log-audit';

// Runs after every other spec (the 'audit' project): it reads what the whole run left behind.

test('the web app never logged a password, code, token or cookie', async () => {
  const log = readFileSync(WEB_APP_LOG, 'utf8');
  expect(log.length, 'the run produced logs').toBeGreaterThan(1000);

  // Every code the identity service sent during the run.
  const res = await fetch(`${IDENTITY}/__local/outbox`);
  const codes = ((await res.json()) as { code: string; channel: string }[]).map((e) => e.code);
  expect(codes.length).toBeGreaterThan(5);
  const leak = findCodeLeak(log, codes);
  expect(leak, `code ${leak?.code} in the web app's log`).toBeUndefined();

  for (const secret of [STRONG_PASSWORD, DEMO.password, 'Another!Pass9', 'Wrong!Pass1']) {
    expect(log, 'a password').not.toContain(secret);
  }
  expect(log, 'a Cognito token').not.toContain('eyJhbGciOiJSUzI1Ni');
  expect(log, 'an embed token').not.toMatch(/eyJhbGciOiJIUzI1Ni/);
  expect(log, 'a sealed cookie').not.toContain('Fe26.2*');

  // Every line the app itself writes is structured JSON. One expect for all of them: each expect is
  // a step of the report, and a run's 40,000 lines as steps took two minutes.
  const json = log.split('\n').filter((l) => l.startsWith('{'));
  expect(json.length).toBeGreaterThan(10);
  const notJson = json.filter((line) => {
    try {
      JSON.parse(line);
      return false;
    } catch {
      return true;
    }
  });
  expect(notJson, 'lines that start as JSON and are not').toEqual([]);

  // A sign-in names its account by the same keyed reference a failed one does, and only by it.
  const signedIn = json
    .map((line) => JSON.parse(line) as { event?: string; account?: string })
    .filter((line) => line.event === 'auth.signed_in');
  expect(signedIn.length, 'the run signed in').toBeGreaterThan(20);
  expect(signedIn.filter((line) => !/^e:[0-9a-f]{16}$/.test(line.account ?? ''))).toEqual([]);
});
