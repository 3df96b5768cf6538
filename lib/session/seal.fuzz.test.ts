import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { sealData } from 'iron-session';
import { nameSchema } from '@/lib/validation/schemas';
import { COOKIE_LIMIT, cookieOptions, type SessionData, sealAs, unsealAs } from './seal';

/** Property tests of the sealed cookies: whatever arrives reads as a session or as signed out. */

const env = { sessionPasswords: { '1': 'p'.repeat(32) } };
const RUNS = 1000;
const UNSEALS = (['session', 'refresh', 'pending'] as const).map(
  (kind) => (value: string | undefined, e: typeof env) => unsealAs(kind, value, e),
);

const token = (bytes: number) => randomBytes(bytes).toString('base64url').slice(0, bytes);
const setCookieLength = (value: string) => {
  const o = cookieOptions({ mode: 'production' }, 30 * 24 * 3600);
  return `__Host-cd_session=${value}; Path=${o.path}; Max-Age=${o.maxAge}; HttpOnly; Secure; SameSite=Lax`
    .length;
};

const claims = (name: string | undefined, email: string): SessionData['claims'] => ({
  sub: '6f1c2a4e-1b2c-4d5e-8f90-1234567890ab',
  email,
  emailVerified: true,
  name,
  phoneNumber: '+15551234567',
  phoneNumberVerified: true,
  channelId: 'cm-0123456789abcdef0123',
});

describe('unsealing arbitrary cookie values', () => {
  it('never throws and reads anything unsealed by us as signed out', async () => {
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.base64String(),
      fc.string().map((s) => `Fe26.2*1*${s}`),
      fc
        .array(fc.string({ maxLength: 40 }), { minLength: 8, maxLength: 8 })
        .map((parts) => `Fe26.2*${parts.join('*')}~2`),
      fc.integer({ min: 4000, max: 20_000 }).map((n) => 'Fe26.2*'.padEnd(n, 'A')),
    );
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        for (const unseal of UNSEALS) expect(await unseal(v, env)).toBeNull();
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses a seal made with another secret, or of another shape, in every slot', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 32, maxLength: 64 }),
        fc.anything(),
        async (password, data) => {
          fc.pre(password !== env.sessionPasswords['1']);
          const foreign = await sealData(
            {
              v: 1,
              accessToken: 'a',
              accessExpiresAt: 1,
              startedAt: Math.floor(Date.now() / 1000),
              seenAt: Math.floor(Date.now() / 1000),
              claims: claims('x', 'a@b.co'),
            },
            { password: { '1': password } },
          );
          for (const unseal of UNSEALS) expect(await unseal(foreign, env)).toBeNull();
          // Our secret, but data that is not one of our shapes (an attacker cannot make these; a
          // past version of the app could have).
          const odd = await sealData({ data } as object, { password: env.sessionPasswords });
          for (const unseal of UNSEALS) expect(await unseal(odd, env)).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never accepts a cookie of one slot in another', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 3, maxLength: 80 }),
        fc.string({ minLength: 1, maxLength: 200 }),
        async (email, rt) => {
          const refresh = await sealAs(
            'refresh',
            { v: 1, refreshToken: rt, sub: 's', startedAt: Math.floor(Date.now() / 1000) },
            env,
          );
          const pending = await sealAs('pending', { v: 1, email }, env);
          expect(await unsealAs('session', refresh, env)).toBeNull();
          expect(await unsealAs('session', pending, env)).toBeNull();
          expect(await unsealAs('pending', refresh, env)).toBeNull();
          expect(await unsealAs('refresh', pending, env)).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the 4 KB cookie limit with production-sized tokens (docs/architecture.md §3)', () => {
  const access = token(1800);
  const emailArb = fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9.+-]{0,60}$/), fc.stringMatching(/^[a-z0-9]{1,60}$/))
    .map(([local, domain]) => `${local}@${domain}.example.com`.slice(-254));

  it('holds for every name the profile form accepts', async () => {
    const names = fc
      .string({ unit: 'grapheme', minLength: 2, maxLength: 100 })
      .filter((n) => nameSchema.safeParse({ name: n }).success);
    await fc.assert(
      fc.asyncProperty(names, emailArb, async (name, email) => {
        const sealed = await sealAs(
          'session',
          {
            v: 1,
            accessToken: access,
            accessExpiresAt: 2e9,
            startedAt: Math.floor(Date.now() / 1000),
            seenAt: Math.floor(Date.now() / 1000),
            claims: claims(name, email),
          },
          env,
        );
        expect(setCookieLength(sealed)).toBeLessThan(COOKIE_LIMIT);
      }),
      { numRuns: 300 },
    );
  });

  // A name Cognito holds (set by an admin or another client; Cognito allows 2,048 characters) of
  // three-byte letters, e.g. '中'.repeat(300): the seal caps it in bytes, so the cookie still fits.
  it('holds for any name Cognito may hold (set by an admin or another client), capped by the seal', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 200, maxLength: 2048 }),
        emailArb,
        async (name, email) => {
          const sealed = await sealAs(
            'session',
            {
              v: 1,
              accessToken: access,
              accessExpiresAt: 2e9,
              startedAt: Math.floor(Date.now() / 1000),
              seenAt: Math.floor(Date.now() / 1000),
              claims: claims(name, email),
            },
            env,
          );
          expect(setCookieLength(sealed)).toBeLessThan(COOKIE_LIMIT);
        },
      ),
      {
        numRuns: 300,
        examples: [
          ['中'.repeat(300), 'a.rather.long.creator.address+youtube@creator-network.example.com'],
        ],
      },
    );
  });

  it('round-trips any claims it accepts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 256 }),
        emailArb,
        fc.integer({ min: 1, max: 2 ** 40 }),
        async (name, email, exp) => {
          const data: SessionData = {
            v: 1,
            accessToken: 'at',
            accessExpiresAt: exp,
            startedAt: Math.floor(Date.now() / 1000),
            seenAt: Math.floor(Date.now() / 1000),
            claims: claims(name || undefined, email),
          };
          const back = await unsealAs('session', await sealAs('session', data, env), env);
          expect(back?.claims.sub).toBe(data.claims.sub);
          expect(back?.accessExpiresAt).toBe(exp);
          expect(back?.claims.name).toBe(data.claims.name);
        },
      ),
      { numRuns: 300 },
    );
  });
});
