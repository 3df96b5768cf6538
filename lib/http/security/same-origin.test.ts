import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ACTION_ALLOWED_ORIGINS, actionOriginProblem } from './same-origin';

// Next's own check (app-render/action-handler.js): the Origin's host against the first
// X-Forwarded-Host, else the Host; failing that, the allowed origins; no Origin passes.
describe('actionOriginProblem', () => {
  it.each<[string, Record<string, string>]>([
    ['the same host', { origin: 'http://localhost:3000', host: 'localhost:3000' }],
    ['no origin', { host: 'localhost:3000' }],
    ['a default port', { origin: 'https://creator.example:443', host: 'creator.example' }],
    [
      'the host a proxy was asked for',
      {
        origin: 'https://creator.example',
        host: '10.0.0.5:3000',
        'x-forwarded-host': 'creator.example',
      },
    ],
    [
      'the first of several forwarded hosts',
      { origin: 'https://creator.example', 'x-forwarded-host': ' creator.example , 10.0.0.1' },
    ],
    // A URL with no host is, to Next, a request without an origin.
    ['an origin with no host', { origin: 'file:///x', host: 'localhost:3000' }],
  ])('lets through %s', (_label, headers) => {
    expect(actionOriginProblem(new Headers(headers))).toBeNull();
  });

  it.each<[string, Record<string, string>]>([
    ['another site', { origin: 'https://elsewhere.example', host: 'localhost:3000' }],
    ['another port', { origin: 'http://localhost:3001', host: 'localhost:3000' }],
    ['an opaque origin', { origin: 'null', host: 'localhost:3000' }],
    ['an origin that is no URL', { origin: 'not a url', host: 'localhost:3000' }],
    ['an empty origin', { origin: '', host: 'localhost:3000' }],
    [
      'a host the forwarded one overrides',
      {
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
        'x-forwarded-host': 'creator.example',
      },
    ],
    ['no host to compare with', { origin: 'http://localhost:3000' }],
  ])('refuses %s', (_label, headers) => {
    expect(actionOriginProblem(new Headers(headers))).toEqual(expect.any(String));
  });

  it('lets through an allowed origin, as Next matches them', () => {
    const headers = new Headers({ origin: 'https://app.creator.example', host: 'localhost:3000' });
    expect(actionOriginProblem(headers, ['*.creator.example'])).toBeNull();
    expect(actionOriginProblem(headers, ['creator.example'])).toEqual(expect.any(String));
  });
});

it('the allowed origins are the framework’s own (next.config.mjs)', () => {
  const config = path.join(__dirname, '..', '..', '..', 'next.config.mjs');
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(config)}); process.stdout.write(JSON.stringify(m.default('phase-production-server').experimental?.serverActions?.allowedOrigins ?? []));`,
    ],
    { encoding: 'utf8' },
  );
  expect(JSON.parse(out)).toEqual([...ACTION_ALLOWED_ORIGINS]);
});
