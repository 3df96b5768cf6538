import {
  STATE_LENGTH,
  UNRESERVED,
  VERIFIER_LENGTH,
  challengeFor,
  createState,
  createVerifier,
  isWellFormedState,
  randomUnreserved,
} from './pkce';

describe('hosted sign-in state and PKCE', () => {
  it('makes a state of 32 and a verifier of 128 unreserved characters', () => {
    const state = createState();
    const verifier = createVerifier();
    expect(state).toHaveLength(STATE_LENGTH);
    expect(STATE_LENGTH).toBe(32);
    expect(verifier).toHaveLength(VERIFIER_LENGTH);
    expect(VERIFIER_LENGTH).toBe(128);
    expect(state).toMatch(/^[A-Za-z0-9._~-]+$/);
    expect(verifier).toMatch(/^[A-Za-z0-9._~-]+$/);
    expect(isWellFormedState(state)).toBe(true);
  });

  it('never repeats and uses the whole alphabet', () => {
    const seen = new Set<string>();
    const used = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const s = createState();
      expect(seen.has(s)).toBe(false);
      seen.add(s);
      for (const ch of s) used.add(ch);
    }
    expect(UNRESERVED).toHaveLength(66);
    expect([...used].sort().join('')).toBe([...UNRESERVED].sort().join(''));
  });

  it('draws characters without a bias toward the start of the alphabet', () => {
    const counts = new Map<string, number>();
    const sample = randomUnreserved(66 * 30_000);
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    // 30,000 expected per symbol (σ ≈ 173); folding bytes 252-255 would give the first four
    // about 30,900 each, 3,600 over the last four together (σ of the difference ≈ 490).
    for (const n of counts.values()) expect(Math.abs(n - 30_000)).toBeLessThan(1_200);
    const first = [...UNRESERVED.slice(0, 4)].reduce((sum, ch) => sum + (counts.get(ch) ?? 0), 0);
    const last = [...UNRESERVED.slice(-4)].reduce((sum, ch) => sum + (counts.get(ch) ?? 0), 0);
    expect(Math.abs(first - last)).toBeLessThan(2_200);
  });

  it('computes S256 as RFC 7636 appendix B does', async () => {
    await expect(challengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    const challenge = await challengeFor(createVerifier());
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses states it could not have made', () => {
    for (const bad of [undefined, '', 'a'.repeat(31), 'a'.repeat(33), `${'a'.repeat(31)}/`, 42])
      expect(isWellFormedState(bad)).toBe(false);
  });
});
