import { existsSync, readFileSync } from 'node:fs';
import {
  DEMO,
  IDENTITY,
  STRONG_PASSWORD,
  WEB_APP_LOG,
  WEB_APP_TELEMETRY,
  expect,
  test,
} from './fixtures';
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

test("the web app's traces and metrics carry no email, code, token or query value", async () => {
  const files = ['traces.jsonl', 'metrics.jsonl'].map((f) => `${WEB_APP_TELEMETRY}/${f}`);
  const telemetry = files
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  // The run signed in through Google and searched creators by email: both went into URLs.
  expect(telemetry, 'the run produced traces').toContain('/api/auth/callback');
  expect(telemetry).toContain('/users/search');

  const res = await fetch(`${IDENTITY}/__local/outbox`);
  const codes = ((await res.json()) as { code: string }[]).map((e) => e.code);
  const leak = findCodeLeak(telemetry, codes);
  expect(leak, `code ${leak?.code} in the telemetry`).toBeUndefined();
  expect(telemetry.match(/[\w.+%-]+(@|%40)[\w-]+\.[\w.-]*[a-z]/i)?.[0], 'an email').toBeUndefined();
  // A query keeps its keys only (lib/runtime/telemetry/scrub.ts): no `key=value`, no bare value.
  const values = telemetry.match(/\?[^"\s]*?(=[^&"\s]+|\?[^=&"\s]+(&|"))/g) ?? [];
  expect(values.slice(0, 5), 'a query with a value').toEqual([]);
  expect(telemetry, 'a Cognito token').not.toContain('eyJhbGciOiJSUzI1Ni');
  expect(telemetry, 'a sealed value').not.toContain('Fe26.2*');
});
