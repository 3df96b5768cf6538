import { MSG } from '@/lib/messages/fields';
import { groupKey, otpauthUri, authenticatorCodeSchema } from './authenticator';
import { authenticatorTurnOffSchema } from './proof';

describe('otpauthUri', () => {
  it('names the issuer and the account, and carries the secret', () => {
    expect(otpauthUri('dana@creator.test', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/Creator%20Dashboard:dana%40creator.test?secret=JBSWY3DPEHPK3PXP&issuer=Creator%20Dashboard',
    );
  });

  it('encodes what would break the URI', () => {
    const uri = new URL(otpauthUri('a+b&c@x.test', 'ABC'));
    expect(uri.searchParams.get('secret')).toBe('ABC');
    expect(uri.searchParams.get('issuer')).toBe('Creator Dashboard');
    expect(uri.host + decodeURIComponent(uri.pathname)).toBe('totp/Creator Dashboard:a+b&c@x.test');
  });
});

describe('groupKey', () => {
  it('groups a 32-character key in fours', () => {
    expect(groupKey('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')).toBe(
      'ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567',
    );
  });

  it('keeps a short last group and ignores spaces already there', () => {
    expect(groupKey('ABCD EF')).toBe('ABCD EF');
    expect(groupKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupKey('')).toBe('');
  });

  it('joins back to the key', () => {
    const key = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    expect(groupKey(key).replace(/ /g, '')).toBe(key);
  });
});

describe('code schemas', () => {
  it('takes six digits from the boxes', () => {
    const parsed = authenticatorCodeSchema.safeParse({ code: ['1', '2', '3', '4', '5', '6'] });
    expect(parsed.success && parsed.data.code).toBe('123456');
  });

  it.each([
    [[], MSG.authenticatorCodeEnter],
    [['1', '2', '3'], 'Verification code must be 6 digits long'],
    [['1', 'a', '3', '4', '5', '6'], 'Only digits are allowed'],
  ])('%p -> %p', (code, message) => {
    const parsed = authenticatorCodeSchema.safeParse({ code });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('turning off needs the password and the code, and reports both', () => {
    const parsed = authenticatorTurnOffSchema.safeParse({ currentPassword: '', code: [] });
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['currentPassword', 'Current password is required'],
      ['code', MSG.authenticatorCodeEnter],
    ]);
  });
});
