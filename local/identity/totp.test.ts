import { generateSync } from 'otplib';
import { matchTotp, newTotpSecret } from './totp';

describe('matchTotp: which authenticator codes the local pool takes', () => {
  const secret = newTotpSecret();
  // 10 s into a 30-second step.
  const now = 1_800_000_010_000;
  const step = Math.floor(now / 30_000);
  const codeAt = (ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000) });

  it('takes the code of the current step', () => {
    expect(matchTotp(secret, codeAt(now), now)).toBe(step);
  });

  it('takes the code of the step before, typed as it turned over (amplify-js#3873)', () => {
    expect(matchTotp(secret, codeAt(now - 30_000), now)).toBe(step - 1);
  });

  it('refuses a code from two steps back and a code of the next step', () => {
    expect(matchTotp(secret, codeAt(now - 60_000), now)).toBeNull();
    expect(matchTotp(secret, codeAt(now + 30_000), now)).toBeNull();
  });

  it('refuses what is not six digits', () => {
    expect(matchTotp(secret, codeAt(now).slice(1), now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });
});
