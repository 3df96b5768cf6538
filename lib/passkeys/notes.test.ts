import {
  PASSKEY_NOTES_MAX,
  PASSKEYS_MAX_BYTES,
  describe as describePasskeys,
  deviceTag,
  noteKey,
  parseNotes,
  serialiseNotes,
  withNote,
} from './notes';
import { providerName } from './providers';

const APPLE = 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd';

describe('passkey notes', () => {
  it('name a passkey by its provider, the creator’s own name first when there is one', () => {
    const notes = withNote([], 'cred-1', { a: APPLE });
    const passkeys = [
      { id: 'cred-1', name: 'Passkey', createdAt: 1 },
      { id: 'cred-2', name: 'Passkey', createdAt: 2 },
    ];
    expect(describePasskeys(passkeys, notes)).toEqual([
      { id: 'cred-1', name: 'Apple Passwords', createdAt: 1 },
      { id: 'cred-2', name: 'Passkey', createdAt: 2 },
    ]);
    const renamed = withNote(notes, 'cred-1', { n: 'Work phone', u: 5 });
    expect(describePasskeys(passkeys, renamed)[0]).toEqual({
      id: 'cred-1',
      name: 'Work phone',
      provider: 'Apple Passwords',
      createdAt: 1,
      lastUsedAt: 5,
    });
  });

  it('name one no provider names by the browser that made it, and mark those made on this device', () => {
    const here = 'us-east-1_device-here';
    const notes = withNote(
      withNote([], 'cred-1', { b: 'Firefox on Windows', d: deviceTag(here) }),
      'cred-2',
      { b: 'Safari on iPhone', d: deviceTag('us-east-1_elsewhere') },
    );
    const passkeys = [
      { id: 'cred-1', name: 'Passkey', createdAt: 1 },
      { id: 'cred-2', name: 'Passkey', createdAt: 2 },
    ];
    expect(describePasskeys(passkeys, notes, here)).toEqual([
      { id: 'cred-1', name: 'Firefox on Windows', createdAt: 1, madeHere: true },
      { id: 'cred-2', name: 'Safari on iPhone', createdAt: 2 },
    ]);
    // No device known here: nothing is marked; a provider's name comes before the browser's.
    expect(describePasskeys(passkeys, notes).some((p) => p.madeHere)).toBe(false);
    const withProvider = withNote(notes, 'cred-2', { a: APPLE, n: 'My phone' });
    expect(describePasskeys(passkeys, withProvider)[1]).toMatchObject({
      name: 'My phone',
      provider: 'Apple Passwords',
    });
    expect(parseNotes(serialiseNotes(notes))).toEqual(notes);
  });

  it('fit the attribute: at most PASSKEY_NOTES_MAX notes, the oldest dropped first', () => {
    let notes = parseNotes(undefined);
    for (let i = 0; i < PASSKEY_NOTES_MAX + 3; i++)
      notes = withNote(notes, `credential-${i}`, { a: APPLE, n: 'x'.repeat(40), u: 2_000_000_000 });
    expect(notes).toHaveLength(PASSKEY_NOTES_MAX);
    // The oldest went.
    expect(notes[0]!.c).toBe(noteKey('credential-3'));
    expect(Buffer.byteLength(serialiseNotes(notes))).toBeLessThanOrEqual(PASSKEYS_MAX_BYTES);
    expect(parseNotes(serialiseNotes(notes))).toEqual(notes);
  });

  it.each([
    ['emoji (4 bytes each)', '🎥'.repeat(20)],
    ['quotes (escaped to two characters)', '"'.repeat(40)],
    ['accented letters (2 bytes each)', 'é'.repeat(40)],
  ])(
    'fit the attribute in bytes with names of %s: the newest kept, the oldest dropped',
    (_l, name) => {
      let notes = parseNotes(undefined);
      for (let i = 0; i < PASSKEY_NOTES_MAX; i++)
        notes = withNote(notes, `credential-${i}`, { a: APPLE, n: name, u: 2_000_000_000 });
      const stored = serialiseNotes(notes);
      expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(PASSKEYS_MAX_BYTES);
      const kept = parseNotes(stored);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept).toEqual(notes.slice(-kept.length));
    },
  );

  it('read as none when the attribute holds anything else', () => {
    expect(parseNotes('not json')).toEqual([]);
    expect(parseNotes('{"v":2,"k":[]}')).toEqual([]);
    expect(parseNotes('{"v":1,"k":[{"c":"short"}]}')).toEqual([]);
    expect(serialiseNotes([])).toBe('');
  });

  it('know the providers by AAGUID, in any case, and nothing for zeros', () => {
    expect(providerName('EA9B8D66-4D01-1D21-3CE4-B6B48CB575D4')).toBe('Google Password Manager');
    expect(providerName('00000000-0000-0000-0000-000000000000')).toBeUndefined();
    expect(providerName(undefined)).toBeUndefined();
  });
});
