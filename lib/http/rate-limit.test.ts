import { RULES, checkLimitFor, recordFailureFor, recordSuccessFor, takeQuota } from './rate-limit';

/** In this process's memory (no REDIS_URL): each test uses its own emails and addresses. */

const TOO_MANY = /^Too many attempts\. Please try again in \d+ (seconds|minutes)\.$/;
let n = 0;
const fresh = () => {
  n += 1;
  return {
    email: `owner.${n}@creator.test`,
    owner: `198.51.100.${n}`,
    attacker: (i: number) => `203.0.${n}.${i}`,
  };
};

/** One sign-in attempt that fails, as signInAction runs it. */
async function failedSignIn(ip: string, email: string) {
  const limited = await checkLimitFor('signIn', ip, email);
  if (!limited) await recordFailureFor('signIn', ip, email);
  return limited;
}

describe('sign-in failures', () => {
  it('refuse the 11th attempt from an address after 10 failures there, with the time to wait', async () => {
    const { email, attacker } = fresh();
    for (let i = 0; i < 10; i++) expect(await failedSignIn(attacker(1), email)).toBeNull();
    expect((await checkLimitFor('signIn', attacker(1), email))?.text).toMatch(TOO_MANY);
  });

  it('from other addresses never refuse the owner, however many', async () => {
    const { email, owner, attacker } = fresh();
    for (let a = 0; a < 5; a++) {
      for (let i = 0; i < 10; i++) await failedSignIn(attacker(a), email);
      expect(await checkLimitFor('signIn', attacker(a), email)).not.toBeNull();
    }
    expect(await checkLimitFor('signIn', owner, email)).toBeNull();
    // Other emails from the attacker's addresses are theirs to try (up to the per-address bar).
    expect(await checkLimitFor('signIn', attacker(0), `other.${email}`)).toBeNull();
  });

  it('count per email whatever its case or spaces', async () => {
    const { email, attacker } = fresh();
    for (let i = 0; i < 10; i++)
      await failedSignIn(attacker(1), i % 2 ? email.toUpperCase() : ` ${email} `);
    expect(await checkLimitFor('signIn', attacker(1), email)).not.toBeNull();
  });

  it('are barred per email from anywhere at a much higher bar', async () => {
    const { email, owner, attacker } = fresh();
    const bar = RULES.signIn.failures.email.points;
    expect(bar).toBeGreaterThanOrEqual(10 * RULES.signIn.failures.emailFromIp.points);
    for (let i = 0; i < bar; i++) await recordFailureFor('signIn', attacker(i % 20), email);
    expect((await checkLimitFor('signIn', owner, email))?.text).toMatch(TOO_MANY);
  });

  it('are cleared for the address by a success there, and only there', async () => {
    const { email, owner, attacker } = fresh();
    for (let i = 0; i < 9; i++) await failedSignIn(owner, email);
    for (let i = 0; i < 10; i++) await failedSignIn(attacker(1), email);
    await recordSuccessFor('signIn', owner, email);
    for (let i = 0; i < 10; i++) expect(await failedSignIn(owner, email)).toBeNull();
    expect(await checkLimitFor('signIn', owner, email)).not.toBeNull();
    await recordSuccessFor('signIn', owner, email);
    expect(await checkLimitFor('signIn', attacker(1), email)).not.toBeNull();
  });

  it('are not counted by the check itself; attempts still are, per address', async () => {
    const { email, owner } = fresh();
    const perIp = RULES.signIn.ip.points;
    for (let i = 0; i < perIp; i++) expect(await checkLimitFor('signIn', owner, email)).toBeNull();
    expect(await checkLimitFor('signIn', owner, `another.${email}`)).not.toBeNull();
  });
});

describe('the email lookup of each sign-in', () => {
  it('is limited per address, so lookups from elsewhere do not stop the owner', async () => {
    const { email, owner, attacker } = fresh();
    const perAddress = RULES.lookup.emailFromIp.points;
    for (let a = 0; a < 3; a++) {
      for (let i = 0; i < perAddress; i++)
        expect(await checkLimitFor('lookup', attacker(a), email)).toBeNull();
      expect(await checkLimitFor('lookup', attacker(a), email)).not.toBeNull();
    }
    expect(await checkLimitFor('lookup', owner, email)).toBeNull();
  });
});

describe('limits without an email', () => {
  it('count per address only', async () => {
    const { owner, attacker } = fresh();
    for (let i = 0; i < RULES.health.ip.points; i++)
      expect(await checkLimitFor('health', owner)).toBeNull();
    expect((await checkLimitFor('health', owner))?.text).toMatch(TOO_MANY);
    expect(await checkLimitFor('health', attacker(1))).toBeNull();
  });
});

describe('IPv6 clients', () => {
  it('are counted by their /64: a new address inside it is no new allowance', async () => {
    n += 1;
    const inside = (i: number) => `2001:db8:${n}:7::${i.toString(16)}`;
    for (let i = 0; i < RULES.health.ip.points; i++)
      expect(await checkLimitFor('health', inside(i + 1))).toBeNull();
    expect((await checkLimitFor('health', inside(999)))?.text).toMatch(TOO_MANY);
    // The next /64 is another client.
    expect(await checkLimitFor('health', `2001:db8:${n}:8::1`)).toBeNull();
  });
});

describe('an upstream quota', () => {
  it("gives each second's share and no more, and none at all for a quota of 0", async () => {
    const taken = [];
    for (let i = 0; i < 5; i++) taken.push(await takeQuota('test-quota', 3));
    expect(taken).toEqual([true, true, true, false, false]);
    expect(await takeQuota('test-none', 0)).toBe(false);
  });

  it("is not multiplied by RATE_LIMIT_SCALE: the quota is the upstream's, not a person's allowance", async () => {
    const before = process.env.RATE_LIMIT_SCALE;
    process.env.RATE_LIMIT_SCALE = '100';
    jest.resetModules();
    try {
      const fresh = await import('./rate-limit');
      const taken = [];
      for (let i = 0; i < 3; i++) taken.push(await fresh.takeQuota('test-scaled', 2));
      expect(taken).toEqual([true, true, false]);
    } finally {
      if (before === undefined) delete process.env.RATE_LIMIT_SCALE;
      else process.env.RATE_LIMIT_SCALE = before;
      jest.resetModules();
    }
  });
});
