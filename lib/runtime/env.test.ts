import { PRODUCTION_ENV } from '@/test/production-env';
import {
  EnvError,
  PRODUCTION_REQUIRED,
  isLocalMode,
  localAddresses,
  logSettings,
  parseEnv,
  secretId,
  siteUrl,
} from './env';

const production = PRODUCTION_ENV;

describe('local mode', () => {
  it('needs nothing and points every upstream at the local stack', () => {
    const env = parseEnv({});
    expect(env.mode).toBe('local');
    expect(env.COGNITO_USER_POOL_ID).toBe('us-east-1_LocalDev01');
    expect(env.COGNITO_CLIENT_ID).toBe('localdevclient0000000000001');
    expect(env.COGNITO_REGION).toBe('us-east-1');
    expect(env.COGNITO_ENDPOINT).toBe('http://127.0.0.1:9229');
    expect(env.CREATOR_API_URL).toBe('http://127.0.0.1:9230');
    expect(env.ANALYTICS_EMBED_URL).toBe('http://127.0.0.1:9231');
    expect(env.TERMS_URL).toBe('http://127.0.0.1:9230/legal/terms');
    expect(env.PRIVACY_URL).toBe('http://127.0.0.1:9230/legal/privacy');
    expect(env.UPSTREAM_TIMEOUT_MS).toBe(8000);
    expect(env.TRUSTED_PROXY_HOPS).toBe(0);
  });

  it('follows the local port variables', () => {
    const env = parseEnv({
      LOCAL_IDENTITY_PORT: '19229',
      LOCAL_CREATOR_PORT: '19230',
      LOCAL_EMBED_PORT: '19231',
    });
    expect(env.COGNITO_ENDPOINT).toBe('http://127.0.0.1:19229');
    expect(env.CREATOR_API_URL).toBe('http://127.0.0.1:19230');
    expect(env.ANALYTICS_EMBED_URL).toBe('http://127.0.0.1:19231');
  });

  it('ignores a blank pool id and blank values', () => {
    expect(isLocalMode({ COGNITO_USER_POOL_ID: '   ' })).toBe(true);
    expect(parseEnv({ COGNITO_USER_POOL_ID: '', SUPPORT_EMAIL: ' ' }).SUPPORT_EMAIL).toBe(
      'support@creator.test',
    );
  });

  it('lets explicit settings win except the pool itself', () => {
    const env = parseEnv({ SUPPORT_EMAIL: 'team@local.test', COGNITO_CLIENT_ID: 'other' });
    expect(env.SUPPORT_EMAIL).toBe('team@local.test');
    expect(env.COGNITO_CLIENT_ID).toBe('localdevclient0000000000001');
  });

  it('ignores malformed port numbers', () => {
    expect(localAddresses({ LOCAL_IDENTITY_PORT: '12ab' }).identityPort).toBe(9229);
  });
});

describe('production mode', () => {
  it('parses a complete environment', () => {
    const env = parseEnv(production);
    expect(env.mode).toBe('production');
    expect(env.COGNITO_REGION).toBe('us-east-1');
    expect(env.COGNITO_ENDPOINT).toBeUndefined();
    expect(env.CREATOR_API_URL).toBe('https://api.creators.example');
    expect(env.sessionPasswords).toEqual({
      '1': 'a'.repeat(32),
      [secretId('a'.repeat(32))]: 'a'.repeat(32),
    });
    expect(env.sessionSealId).toBe(secretId('a'.repeat(32)));
  });

  it('names every missing variable at once', () => {
    let error: unknown;
    try {
      parseEnv({ COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    for (const name of PRODUCTION_REQUIRED.filter((n) => n !== 'COGNITO_USER_POOL_ID')) {
      expect(message).toContain(name);
    }
    expect((error as EnvError).problems).toHaveLength(PRODUCTION_REQUIRED.length - 1);
  });

  it('names a single missing variable', () => {
    expect(() => parseEnv({ ...production, TERMS_URL: undefined })).toThrow(
      /^Missing configuration: TERMS_URL\. Set it/,
    );
  });

  it.each([
    ['a short session secret', { SESSION_SECRET: 'short' }, /SESSION_SECRET/],
    ['a malformed pool id', { COGNITO_USER_POOL_ID: 'nounderscore' }, /COGNITO_USER_POOL_ID/],
    [
      'a pool id of 56 characters',
      { COGNITO_USER_POOL_ID: `us-east-1_${'a'.repeat(46)}` },
      /COGNITO_USER_POOL_ID/,
    ],
    ['a non-URL creator API', { CREATOR_API_URL: 'api.example' }, /CREATOR_API_URL/],
    ['a non-http URL', { TERMS_URL: 'javascript:alert(1)' }, /TERMS_URL/],
    ['a bad support email', { SUPPORT_EMAIL: 'nobody' }, /SUPPORT_EMAIL/],
    ['a timeout over 10 s', { UPSTREAM_TIMEOUT_MS: '60000' }, /UPSTREAM_TIMEOUT_MS/],
    ['more than 5 trusted proxy hops', { TRUSTED_PROXY_HOPS: '6' }, /TRUSTED_PROXY_HOPS/],
    ['negative trusted proxy hops', { TRUSTED_PROXY_HOPS: '-1' }, /TRUSTED_PROXY_HOPS/],
    ['fractional trusted proxy hops', { TRUSTED_PROXY_HOPS: '1.5' }, /TRUSTED_PROXY_HOPS/],
    ['non-numeric trusted proxy hops', { TRUSTED_PROXY_HOPS: 'two' }, /TRUSTED_PROXY_HOPS/],
  ])('rejects %s', (_label, override, pattern) => {
    expect(() => parseEnv({ ...production, ...override })).toThrow(pattern);
  });

  it('reads the number of trusted proxy hops', () => {
    expect(parseEnv(production).TRUSTED_PROXY_HOPS).toBe(0);
    expect(parseEnv({ ...production, TRUSTED_PROXY_HOPS: '2' }).TRUSTED_PROXY_HOPS).toBe(2);
    expect(parseEnv({ TRUSTED_PROXY_HOPS: '1' }).TRUSTED_PROXY_HOPS).toBe(1);
  });

  it('supports secret rotation: the first listed seals, every one unseals, each under its own id', () => {
    const [n, o] = ['n'.repeat(32), 'o'.repeat(40)];
    const env = parseEnv({ ...production, SESSION_SECRET: `${n}, ${o}` });
    expect(env.sessionPasswords).toEqual({ '2': n, '1': o, [secretId(n)]: n, [secretId(o)]: o });
    expect(env.sessionSealId).toBe(secretId(n));
    // The id is the secret's own: the same wherever it stands in the list.
    expect(parseEnv({ ...production, SESSION_SECRET: n }).sessionSealId).toBe(secretId(n));
    expect(secretId(n)).not.toBe(secretId(o));
    expect(String(Number(secretId(n)))).toBe(secretId(n));
  });
});

describe('local mode by accident', () => {
  it('is refused in a production build unless asked for (LOCAL_STACK=1)', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(EnvError);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /COGNITO_USER_POOL_ID is not set in a production build/,
    );
    expect(parseEnv({ NODE_ENV: 'production', LOCAL_STACK: '1' }).mode).toBe('local');
    expect(parseEnv({ NODE_ENV: 'development' }).mode).toBe('local');
    // `next build` prerenders with NODE_ENV=production: the check belongs to the serving process.
    expect(parseEnv({ NODE_ENV: 'production', NEXT_PHASE: 'phase-production-build' }).mode).toBe(
      'local',
    );
    expect(parseEnv({ NODE_ENV: 'production', ...production }).mode).toBe('production');
  });
});

describe('session lifetimes', () => {
  it('default to ASVS level 2: 30 minutes idle, 12 hours in all', () => {
    expect(parseEnv({}).sessionLimits).toEqual({ idleS: 1800, maxS: 43_200 });
  });

  it('follow SESSION_IDLE_TIMEOUT and SESSION_MAX_AGE, within bounds', () => {
    expect(
      parseEnv({ SESSION_IDLE_TIMEOUT: '600', SESSION_MAX_AGE: '3600' }).sessionLimits,
    ).toEqual({ idleS: 600, maxS: 3600 });
    for (const bad of [
      { SESSION_IDLE_TIMEOUT: '0' },
      { SESSION_IDLE_TIMEOUT: 'soon' },
      { SESSION_MAX_AGE: String(400 * 24 * 3600) },
    ]) {
      expect(() => parseEnv(bad)).toThrow(EnvError);
    }
    expect(() => parseEnv({ SESSION_IDLE_TIMEOUT: '7200', SESSION_MAX_AGE: '3600' })).toThrow(
      /longer than SESSION_MAX_AGE/,
    );
  });
});

describe('RATE_LIMIT_SCALE', () => {
  it('is a positive number for local load tests, 1 by default', () => {
    expect(parseEnv({}).RATE_LIMIT_SCALE).toBe(1);
    expect(parseEnv({ RATE_LIMIT_SCALE: '100' }).RATE_LIMIT_SCALE).toBe(100);
    for (const bad of ['0', '-3', 'lots', '1e9'])
      expect(() => parseEnv({ RATE_LIMIT_SCALE: bad })).toThrow(EnvError);
  });

  it('is refused in production', () => {
    expect(() => parseEnv({ ...production, RATE_LIMIT_SCALE: '100' })).toThrow(/RATE_LIMIT_SCALE/);
  });
});

describe('logSettings', () => {
  it('takes a known LOG_LEVEL, in any case, and falls back to info otherwise', () => {
    expect(logSettings({ LOG_LEVEL: 'DEBUG' }).level).toBe('debug');
    expect(logSettings({ LOG_LEVEL: ' warn ' }).level).toBe('warn');
    expect(logSettings({ LOG_LEVEL: 'verbose' }).level).toBe('info');
    expect(logSettings({}).level).toBe('info');
  });

  it('keeps tests quiet unless LOG_IN_TESTS is set', () => {
    expect(logSettings({ NODE_ENV: 'test' }).enabled).toBe(false);
    expect(logSettings({ NODE_ENV: 'test', LOG_IN_TESTS: '1' }).enabled).toBe(true);
    expect(logSettings({ NODE_ENV: 'production' }).enabled).toBe(true);
  });
});

describe('siteUrl', () => {
  it('is SITE_URL when it is an http(s) URL, else this machine on PORT', () => {
    expect(siteUrl({ SITE_URL: 'https://creators.example.com' }).href).toBe(
      'https://creators.example.com/',
    );
    expect(siteUrl({ PORT: '3100' }).href).toBe('http://localhost:3100/');
    expect(siteUrl({ PORT: ' 3100 ' }).href).toBe('http://localhost:3100/');
    // A port that is no port is the default, as everywhere PORT is read (portFrom).
    expect(siteUrl({ PORT: 'abc' }).href).toBe('http://localhost:3000/');
    expect(siteUrl({}).href).toBe('http://localhost:3000/');
    expect(siteUrl({ SITE_URL: 'not a url' }).href).toBe('http://localhost:3000/');
    expect(siteUrl({ SITE_URL: 'javascript:alert(1)' }).href).toBe('http://localhost:3000/');
  });
});

describe('hosted sign-in', () => {
  it('is on locally, at the local identity service', () => {
    expect(parseEnv({}).COGNITO_DOMAIN).toBe('http://127.0.0.1:9229');
  });

  it('is off in production unless COGNITO_DOMAIN is set, and then needs SITE_URL', () => {
    expect(parseEnv(production).COGNITO_DOMAIN).toBeUndefined();
    const domain = { ...production, COGNITO_DOMAIN: 'https://auth.creators.example/' };
    expect(() => parseEnv(domain)).toThrow(/COGNITO_DOMAIN needs SITE_URL/);
    expect(() => parseEnv({ ...domain, SITE_URL: 'not a url' })).toThrow(EnvError);
    expect(parseEnv({ ...domain, SITE_URL: 'https://creators.example' }).COGNITO_DOMAIN).toBe(
      'https://auth.creators.example',
    );
  });
});
