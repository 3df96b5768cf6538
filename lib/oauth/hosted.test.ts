import type { Env } from '@/lib/runtime/env';
import { appOrigin, callbackUrl } from './hosted';

const local = { mode: 'local' } as Env;
const production = { mode: 'production' } as Env;

describe('the origin of the callback and sign-out URLs', () => {
  const saved = { SITE_URL: process.env.SITE_URL, PORT: process.env.PORT };
  beforeEach(() => {
    process.env.SITE_URL = 'https://creators.example.com';
    delete process.env.PORT;
  });
  afterAll(() => Object.assign(process.env, saved));

  it('locally is the address the person opened, as the Host header names it', () => {
    // Behind the local balancer each instance listens on its own port; the callback must come
    // back to the balancer's, where the flow's cookie was set.
    expect(appOrigin('localhost:3400', local)).toBe('http://localhost:3400');
    expect(appOrigin('127.0.0.1:3000', local)).toBe('http://127.0.0.1:3000');
    expect(callbackUrl(appOrigin('localhost:3400', local))).toBe(
      'http://localhost:3400/api/auth/callback',
    );
  });

  it('locally falls back to the configured origin for any other host, or none', () => {
    for (const host of [
      'evil.example',
      'localhost@evil.example',
      'localhost:3000/evil',
      'localhost:notaport',
      '',
      null,
      undefined,
    ])
      expect(appOrigin(host, local)).toBe('https://creators.example.com');
  });

  it('in production is always SITE_URL, whatever the Host header says', () => {
    expect(appOrigin('localhost:3000', production)).toBe('https://creators.example.com');
    expect(appOrigin('evil.example', production)).toBe('https://creators.example.com');
  });
});

describe('a token endpoint that never answers', () => {
  it('is "unavailable" within UPSTREAM_TIMEOUT_MS, not a hang', async () => {
    const http = await import('node:http');
    const { parseEnv } = await import('@/lib/runtime/env');
    const { exchangeCode } = await import('./hosted');
    const server = http.createServer((req) => req.resume());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as import('node:net').AddressInfo;
      const env = parseEnv({ LOCAL_IDENTITY_PORT: String(port), UPSTREAM_TIMEOUT_MS: '300' });
      const started = Date.now();
      const answer = await exchangeCode(
        new URLSearchParams({ code: 'a-code', state: 'the-state' }),
        { state: 'the-state', verifier: 'v'.repeat(64) },
        'http://localhost:3000',
        env,
      );
      expect(answer).toEqual({ ok: false, reason: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
