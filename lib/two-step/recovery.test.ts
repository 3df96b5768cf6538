import {
  makeRecoveryCodes,
  normaliseCode,
  parseRecord,
  RECOVERY_CODE_COUNT,
  serialiseRecord,
  spendCode,
} from './recovery';

describe('recovery codes', () => {
  it('makes ten distinct codes, shown as XXXXX-XXXXX, and a record that keeps none of them', async () => {
    const { codes, record } = await makeRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const stored = serialiseRecord(record);
    for (const c of codes) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(c.replace('-', ''));
    }
    // Well within a Cognito custom attribute's 2,048 characters.
    expect(stored.length).toBeLessThan(400);
  });

  it('reads a code as people type it: any case, spaces or dashes, O for 0, I or L for 1', () => {
    expect(normaliseCode('abcde-f0123')).toBe('ABCDEF0123');
    expect(normaliseCode(' ab cde fo1l2 ')).toBe('ABCDEF0112');
    expect(normaliseCode('ABCDEF012')).toBeNull();
    expect(normaliseCode('ABCDEF0123X')).toBeNull();
    expect(normaliseCode('ABCDE-UUUUU')).toBeNull();
  });

  it('a code works once; a wrong one, or one from other codes, never', async () => {
    const { codes, record } = await makeRecoveryCodes();
    const other = await makeRecoveryCodes();
    const typed = codes[3]!.toLowerCase().replace('-', ' ');
    const after = await spendCode(record, typed);
    expect(after?.h).toHaveLength(RECOVERY_CODE_COUNT - 1);
    expect(await spendCode(after!, codes[3]!)).toBeNull();
    expect(await spendCode(after!, other.codes[0]!)).toBeNull();
    expect(await spendCode(after!, 'not a code')).toBeNull();
    expect((await spendCode(after!, codes[4]!))?.h).toHaveLength(RECOVERY_CODE_COUNT - 2);
  });

  it('reads back what it wrote, and a damaged record as none', async () => {
    const { record } = await makeRecoveryCodes();
    expect(parseRecord(serialiseRecord(record))).toEqual(record);
    for (const raw of [
      undefined,
      '',
      'x',
      '{}',
      '{"v":2,"s":"a","h":[],"at":1}',
      '{"v":1,"s":"a","h":[1],"at":1}',
    ])
      expect(parseRecord(raw)).toBeNull();
  });
});
