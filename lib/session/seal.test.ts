import { randomBytes, webcrypto } from 'node:crypto';
import { sealData } from 'iron-session';
import { parseEnv } from '@/lib/runtime/env';
import {
  COOKIE_LIMIT,
  SESSION_TTL_S,
  capBytes,
  cookieNames,
  cookieOptions,
  sessionState,
  sealAs,
  unsealAs,
} from './seal';

const PRODUCTION = {
  COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123',
  COGNITO_CLIENT_ID: '1example23456789',
  CREATOR_API_URL: 'https://api.creators.example/',
  ANALYTICS_EMBED_URL: 'https://analytics.example',
  SUPPORT_EMAIL: 'help@creators.example',
  TERMS_URL: 'https://creators.example/terms',
  PRIVACY_URL: 'https://creators.example/privacy',
};
const env = { sessionPasswords: { '1': 'p'.repeat(32) } };
const rotated = { sessionPasswords: { '2': 'n'.repeat(32), '1': 'p'.repeat(32) } };
const other = { sessionPasswords: { '1': 'o'.repeat(32) } };

/** A session as sign-in writes it, started now. */
const liveSession = () => ({
  v: 1 as const,
  accessToken: 'at',
  accessExpiresAt: 123,
  startedAt: Math.floor(Date.now() / 1000),
  seenAt: Math.floor(Date.now() / 1000),
  claims,
});

/** A JWT-shaped string of about `bytes` characters, like Cognito's production tokens. */
const token = (bytes: number) =>
  randomBytes(Math.ceil((bytes * 3) / 4))
    .toString('base64url')
    .slice(0, bytes);

const claims = {
  sub: '6f1c2a4e-1b2c-4d5e-8f90-1234567890ab',
  email: 'a.rather.long.creator.address+youtube@creator-network.example.com',
  emailVerified: true,
  name: 'Alexandra Catherine Montgomery-Whitfield',
  phoneNumber: '+15551234567',
  phoneNumberVerified: true,
};

/** Set-Cookie as a browser counts it: name=value plus attributes. */
function setCookieLength(name: string, value: string) {
  const o = cookieOptions({ mode: 'production' }, 30 * 24 * 3600);
  return `${name}=${value}; Path=${o.path}; Max-Age=${o.maxAge}; HttpOnly; Secure; SameSite=Lax`
    .length;
}

describe('the cookie split (docs/architecture.md §3)', () => {
  it('keeps each cookie under 4096 bytes with production-sized tokens (access 1.8 KB, id 2 KB, refresh 1.8 KB)', async () => {
    const names = cookieNames({ mode: 'production' });
    // The id token (2 KB) is never stored; only the claims the UI needs are.
    const idToken = token(2048);
    expect(idToken.length).toBe(2048);
    const session = await sealAs(
      'session',
      {
        v: 1,
        accessToken: token(1800),
        accessExpiresAt: 2_000_000_000,
        startedAt: Math.floor(Date.now() / 1000),
        seenAt: Math.floor(Date.now() / 1000),
        claims,
      },
      env,
    );
    const refresh = await sealAs(
      'refresh',
      {
        v: 1,
        refreshToken: token(1800),
        sub: claims.sub,
        startedAt: Math.floor(Date.now() / 1000),
      },
      env,
    );
    expect(setCookieLength(names.session, session)).toBeLessThan(COOKIE_LIMIT);
    expect(setCookieLength(names.refresh, refresh)).toBeLessThan(COOKIE_LIMIT);
  });

  it('caps a very long name so a user-chosen attribute cannot overflow the cookie', async () => {
    const session = await sealAs(
      'session',
      {
        v: 1,
        accessToken: token(1800),
        accessExpiresAt: 1,
        startedAt: Math.floor(Date.now() / 1000),
        seenAt: Math.floor(Date.now() / 1000),
        claims: { ...claims, name: 'x'.repeat(2048) },
      },
      env,
    );
    expect(setCookieLength('__Host-cd_session', session)).toBeLessThan(COOKIE_LIMIT);
    expect((await unsealAs('session', session, env))?.claims.name).toHaveLength(256);
  });

  it('stays under 4096 bytes at its largest: capped name and email, a Google account’s claims, and a proof of the password', async () => {
    const session = await sealAs(
      'session',
      {
        v: 1,
        accessToken: token(1800),
        accessExpiresAt: 2_000_000_000,
        confirmedAt: 2_000_000_000,
        startedAt: 2_000_000_000,
        seenAt: 2_000_000_000,
        claims: {
          ...claims,
          name: 'x'.repeat(2048),
          email: 'e'.repeat(2048),
          username: `Google_${'1'.repeat(121)}`,
          provider: 'Google',
          // The pool allows 256 bytes: the cookie has no room for them, pages ask the pool.
          channelId: 'c'.repeat(256),
        },
        reauthAt: 2_000_000_000,
        reauthFor: 'r'.repeat(32),
      },
      env,
    );
    expect(setCookieLength('__Host-cd_session', session)).toBeLessThan(COOKIE_LIMIT);
    const read = await unsealAs('session', session, env);
    expect(read?.reauthAt).toBe(2_000_000_000);
    expect(read?.claims.provider).toBe('Google');
    // Cognito's username serves the sign-in only: the cookie does not carry it.
    expect(read?.claims.username).toBeUndefined();
    expect(read?.claims.channelId).toBeUndefined();
    // A binding that waits (decision 055) has a cookie of its own, at its largest.
    const due = await sealAs(
      'channelDue',
      {
        v: 1,
        p: 'channel-due',
        sub: claims.sub,
        startedAt: 2_000_000_000,
        channelId: 'c'.repeat(256),
        username: 'u'.repeat(128),
      },
      env,
    );
    expect(setCookieLength(cookieNames({ mode: 'production' }).channelDue, due)).toBeLessThan(
      COOKIE_LIMIT,
    );
    expect((await unsealAs('channelDue', due, env))?.channelId).toHaveLength(256);
    expect(await unsealAs('channelDue', due, other)).toBeNull();
    // The address an email change named has a cookie of its own; it fits easily.
    const names = cookieNames({ mode: 'production' });
    const change = await sealAs(
      'emailChange',
      { v: 1, sub: claims.sub, email: `${'n'.repeat(242)}@example.com` },
      env,
    );
    expect(setCookieLength(names.emailChange, change)).toBeLessThan(COOKIE_LIMIT);
    expect(await unsealAs('emailChange', change, env)).toEqual({
      v: 1,
      sub: claims.sub,
      email: `${'n'.repeat(242)}@example.com`,
    });
    expect(await unsealAs('emailChange', change, other)).toBeNull();
  });

  it('seals every waiting challenge to one length (decision 060), within a cookie at its longest', async () => {
    const names = cookieNames({ mode: 'production' });
    const emailCode = (session: string, username: string) =>
      sealAs('challenge', { v: 1, name: 'EMAIL_OTP', session, username }, env);
    const lengths = new Set(
      await Promise.all([
        emailCode(`decoy:${'d'.repeat(32)}`, 'a@b.co'),
        emailCode(token(900), claims.email),
        emailCode(token(2048), `${'n'.repeat(308)}@example.com`),
        sealAs(
          'challenge',
          {
            v: 1,
            name: 'SMS_MFA',
            session: token(2048),
            username: claims.email,
            destination: '+*******4567',
            deviceKey: `us-east-1_${'k'.repeat(45)}`,
          },
          env,
        ),
      ]).then((sealed) => sealed.map((s) => s.length)),
    );
    expect(lengths.size).toBe(1);
    const longest = await emailCode(token(2048), `${'n'.repeat(308)}@example.com`);
    expect(setCookieLength(`__Host-${names.challenge}`, longest)).toBeLessThan(COOKIE_LIMIT);
    // The padding is not part of what opens.
    expect(await unsealAs('challenge', await emailCode('s'.repeat(40), 'a@b.co'), env)).toEqual({
      v: 1,
      name: 'EMAIL_OTP',
      session: 's'.repeat(40),
      username: 'a@b.co',
    });
  });

  it('keeps a waiting device (decision 054) under 4096 bytes at its largest, and only as itself', async () => {
    const names = cookieNames({ mode: 'production' });
    const due = {
      v: 1 as const,
      p: 'device-due' as const,
      sub: 'f'.repeat(36),
      email: `${'n'.repeat(308)}@example.com`,
      key: `us-east-1_${'k'.repeat(45)}`,
      groupKey: 'g'.repeat(200),
      secret: 's'.repeat(200),
      remember: true,
    };
    const sealed = await sealAs('deviceDue', due, env);
    expect(setCookieLength(names.deviceDue, sealed)).toBeLessThan(COOKIE_LIMIT);
    expect(await unsealAs('deviceDue', sealed, env)).toEqual(due);
    // A device cookie is not a waiting device, nor the other way round.
    const device = { v: 1 as const, sub: due.sub, email: due.email, key: due.key };
    const kept = await sealAs(
      'device',
      { ...device, groupKey: due.groupKey, secret: due.secret },
      env,
    );
    expect(await unsealAs('deviceDue', kept, env)).toBeNull();
  });

  it('round-trips, and survives secret rotation', async () => {
    const data = liveSession();
    const sealed = await sealAs('session', data, env);
    expect(await unsealAs('session', sealed, env)).toEqual(data);
    expect(await unsealAs('session', sealed, rotated)).toEqual(data);
  });

  it('survives a rotation done as the README says: a new secret added, then the oldest retired', async () => {
    const [a, b, c] = ['a', 'b', 'c'].map((ch) => ch.repeat(32));
    const secrets = (list: string[]) =>
      parseEnv({ ...PRODUCTION, SESSION_SECRET: list.join(',') }) as Parameters<typeof sealAs>[2];
    const data = liveSession();
    // Sealed while [b, a] were in use (b seals), read after c was added and a retired: [c, b].
    const sealed = await sealAs('session', data, secrets([b!, a!]));
    expect(await unsealAs('session', sealed, secrets([c!, b!, a!]))).toEqual(data);
    expect(await unsealAs('session', sealed, secrets([c!, b!]))).toEqual(data);
    // Once b is retired too, it opens no more.
    expect(await unsealAs('session', sealed, secrets([c!]))).toBeNull();
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['garbage', 'not-a-seal'],
    ['oversized', 'Fe26.2*'.padEnd(10_000, 'a')],
  ])('reads a %s cookie as signed out', async (_label, value) => {
    expect(await unsealAs('session', value, env)).toBeNull();
  });

  it('reads a truncated, foreign or mis-shaped cookie as signed out', async () => {
    const sealed = await sealAs(
      'session',
      {
        v: 1,
        accessToken: 'at',
        accessExpiresAt: 1,
        startedAt: Math.floor(Date.now() / 1000),
        seenAt: Math.floor(Date.now() / 1000),
        claims,
      },
      env,
    );
    expect(await unsealAs('session', sealed.slice(0, -10), env)).toBeNull();
    expect(await unsealAs('session', sealed, other)).toBeNull();
    // A refresh cookie swapped into the session slot (or the other way round) is refused.
    const refresh = await sealAs(
      'refresh',
      { v: 1, refreshToken: 'rt', sub: 's', startedAt: Math.floor(Date.now() / 1000) },
      env,
    );
    expect(await unsealAs('session', refresh, env)).toBeNull();
    expect(await unsealAs('refresh', sealed, env)).toBeNull();
    expect(await unsealAs('pending', refresh, env)).toBeNull();
  });

  it('names and flags cookies for the mode', () => {
    expect(cookieNames({ mode: 'production' }).session).toBe('__Host-cd_session');
    expect(cookieNames({ mode: 'local' }).session).toBe('cd_session');
    expect(cookieOptions({ mode: 'production' }, 10)).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/',
      maxAge: 10,
    });
    expect(cookieOptions({ mode: 'local' }, 10).secure).toBe(false);
  });
});

describe('capBytes', () => {
  it('cuts at a character boundary within the byte budget', () => {
    expect(capBytes('abc', 10)).toBe('abc');
    expect(capBytes('中中中', 7)).toBe('中中');
    expect(Buffer.byteLength(capBytes('é'.repeat(300), 256))).toBeLessThanOrEqual(256);
    expect(capBytes('😀😀', 5)).toBe('😀');
  });
});

describe('sessionState: idle timeout and absolute lifetime', () => {
  const limits = { idleS: 1800, maxS: 43_200 };
  const t = 2_000_000_000;
  it('is live while seen within the idle timeout and inside the lifetime', () => {
    expect(sessionState({ startedAt: t - 3600, seenAt: t - 1799 }, t, limits)).toBe('live');
  });
  it('is idle from the idle timeout on', () => {
    expect(sessionState({ startedAt: t - 3600, seenAt: t - 1800 }, t, limits)).toBe('idle');
  });
  it('is expired from the lifetime on, however recently seen, and when it claims a future start', () => {
    expect(sessionState({ startedAt: t - 43_200, seenAt: t }, t, limits)).toBe('expired');
    expect(sessionState({ startedAt: t + 3600, seenAt: t + 3600 }, t, limits)).toBe('expired');
  });
});

describe('reading the same cookie again', () => {
  const { subtle } = webcrypto;
  const session = () => ({
    v: 1 as const,
    accessToken: token(1800),
    accessExpiresAt: 2_000_000_000,
    startedAt: Math.floor(Date.now() / 1000),
    seenAt: Math.floor(Date.now() / 1000),
    claims,
  });
  /** Sealed by another instance with the same secrets: this process has not seen it. */
  const sealedElsewhere = (data: object, secrets = env) =>
    sealData(data, { password: secrets.sessionPasswords, ttl: SESSION_TTL_S });
  let decrypts: jest.SpyInstance;
  beforeEach(() => {
    decrypts = jest.spyOn(subtle, 'decrypt');
  });
  afterEach(() => jest.restoreAllMocks());

  it('decrypts a value once, and every read gets its own copy', async () => {
    const sealed = await sealedElsewhere(session());
    const first = await unsealAs('session', sealed, env);
    const second = await unsealAs('session', sealed, env);
    expect(decrypts).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    first!.claims.email = 'changed@creator.test';
    expect((await unsealAs('session', sealed, env))!.claims.email).toBe(claims.email);
  });

  it('still refuses the value under other secrets, and as another kind of cookie', async () => {
    const sealed = await sealAs('session', session(), env);
    expect(await unsealAs('session', sealed, env)).not.toBeNull();
    expect(await unsealAs('session', sealed, other)).toBeNull();
    expect(await unsealAs('refresh', sealed, env)).toBeNull();
  });

  it('opens it again after a minute, and not at all past its own expiry', async () => {
    const sealed = await sealedElsewhere(session());
    await unsealAs('session', sealed, env);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now');
    clock.mockReturnValue(now + 61_000);
    expect(await unsealAs('session', sealed, env)).not.toBeNull();
    expect(decrypts).toHaveBeenCalledTimes(2);
    // Past the seal's expiry (and iron's minute of clock skew): gone, cached or not.
    clock.mockReturnValue(now + (SESSION_TTL_S + 120) * 1000);
    expect(await unsealAs('session', sealed, env)).toBeNull();
  });

  it('opens a value this process sealed without decrypting it, as iron would give it back', async () => {
    const data = { ...session(), confirmedAt: undefined };
    const sealed = await sealAs('session', data, env);
    const opened = await unsealAs('session', sealed, env);
    expect(decrypts).toHaveBeenCalledTimes(0);
    expect(opened).toEqual(JSON.parse(JSON.stringify(data)));
    expect(opened).not.toHaveProperty('confirmedAt');
    expect(await unsealAs('session', sealed, other)).toBeNull();
  });

  it("shares what it opened with the other bundles' copies of this module, by the secrets' value", async () => {
    let copy: typeof import('./seal') | undefined;
    jest.isolateModules(() => {
      copy = jest.requireActual<typeof import('./seal')>('./seal');
    });
    expect(copy!.unsealAs).not.toBe(unsealAs);
    // Sealed elsewhere (another instance), so neither copy has seen it.
    const sealed = await sealedElsewhere(session());
    expect(await unsealAs('session', sealed, env)).not.toBeNull();
    // The other copy reads the same secrets into an object of its own.
    const sameSecrets = { sessionPasswords: { ...env.sessionPasswords } };
    expect(await copy!.unsealAs('session', sealed, sameSecrets)).not.toBeNull();
    expect(decrypts).toHaveBeenCalledTimes(1);
    expect(await copy!.unsealAs('session', sealed, other)).toBeNull();
    // And what one copy sealed, the other opens without decrypting.
    const fromCopy = await copy!.sealAs(
      'refresh',
      { v: 1, refreshToken: 'r', sub: claims.sub, startedAt: 1 },
      sameSecrets,
    );
    expect(await unsealAs('refresh', fromCopy, env)).toMatchObject({ refreshToken: 'r' });
    expect(decrypts).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing of a value that did not open', async () => {
    const sealed = await sealedElsewhere(session(), other);
    expect(await unsealAs('session', sealed, env)).toBeNull();
    expect(await unsealAs('session', sealed, env)).toBeNull();
    expect(decrypts).toHaveBeenCalledTimes(0); // refused by its MAC, before any decryption
    expect(await unsealAs('session', sealed, other)).not.toBeNull();
  });
});

describe('a value sealed for one purpose opens as no other (they share the secrets)', () => {
  it('an email change is no "this wasn\'t me" token, and neither is a reset or a pending sign-up', async () => {
    const sub = '6f1c2a4e-1b2c-4d5e-8f90-1234567890ab';
    const email = 'victim@creator.test';
    const change = await sealAs('emailChange', { v: 1, sub, email }, env);
    const notMe = await sealAs('notMe', { v: 1, p: 'not-me', sub, email }, env);
    const reset = await sealAs('reset', { v: 1, p: 'reset', email }, env);
    const pending = await sealAs('pending', { v: 1, email }, env);
    expect(await unsealAs('notMe', change, env)).toBeNull();
    expect(await unsealAs('notMe', notMe, env)).toEqual({ v: 1, p: 'not-me', sub, email });
    expect(await unsealAs('emailChange', notMe, env)).toBeNull();
    for (const other of [change, notMe, pending])
      expect(await unsealAs('reset', other, env)).toBeNull();
    for (const other of [change, notMe, reset])
      expect(await unsealAs('pending', other, env)).toBeNull();
  });
});
