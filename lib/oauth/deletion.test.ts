import { DELETION_PROOF_S, deletionPath, deletionProof, parseDeletionOutcome } from './deletion';

const NOW = 2_000_000_000;

describe('a Google sign-in as proof for a deletion', () => {
  it('is the same account, signed in just now', () => {
    expect(deletionProof('a', { sub: 'a', authTime: NOW - 3 }, NOW)).toBe('ok');
    expect(deletionProof('a', { sub: 'a', authTime: NOW - DELETION_PROOF_S }, NOW)).toBe('ok');
  });

  it('is refused for another account, however new', () => {
    expect(deletionProof('a', { sub: 'b', authTime: NOW }, NOW)).toBe('other-account');
  });

  it('is refused when the sign-in is older than the proof allows, or undated', () => {
    expect(deletionProof('a', { sub: 'a', authTime: NOW - DELETION_PROOF_S - 1 }, NOW)).toBe(
      'stale',
    );
    expect(deletionProof('a', { sub: 'a' }, NOW)).toBe('stale');
  });

  it('comes back to the Danger zone with a reason the profile knows, and only such a reason', () => {
    expect(deletionPath('cancelled')).toBe('/profile?deletion=cancelled#danger-zone');
    expect(parseDeletionOutcome('other-account')).toBe('other-account');
    expect(parseDeletionOutcome('deleted')).toBeUndefined();
    expect(parseDeletionOutcome(['failed'])).toBeUndefined();
  });
});
