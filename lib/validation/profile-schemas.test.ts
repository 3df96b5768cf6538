import { MSG } from '@/lib/messages/fields';
import {
  changeEmailSchema,
  changePasswordSchema,
  nameSchema,
  phoneSchema,
  verifyEmailChangeSchema,
} from './schemas';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('profile schemas (docs/product.md §5)', () => {
  it('name: trimmed, required, 2+ letters, separators allowed', () => {
    expect(nameSchema.parse({ name: '  Dana   Scully ' })).toEqual({ name: 'Dana Scully' });
    expect(nameSchema.parse({ name: "Mary-Jane O'Neil Jr." }).name).toBe("Mary-Jane O'Neil Jr.");
    expect(messages(nameSchema.safeParse({ name: '  ' }))).toEqual([MSG.nameRequired]);
    expect(messages(nameSchema.safeParse({ name: 'D' }))).toEqual([MSG.nameLength]);
    expect(messages(nameSchema.safeParse({ name: 'R2-D2' }))).toEqual([MSG.nameInvalid]);
  });

  it('phone: what the field shows becomes +digits; US numbers only', () => {
    expect(phoneSchema.parse({ phoneNo: '+1 (555) 123-4567' })).toEqual({
      phoneNo: '+15551234567',
    });
    expect(messages(phoneSchema.safeParse({ phoneNo: '+1' }))).toEqual([MSG.phoneRequired]);
    expect(messages(phoneSchema.safeParse({ phoneNo: '+1 (555) 12' }))).toEqual([MSG.phoneInvalid]);
    expect(messages(phoneSchema.safeParse({ phoneNo: '+44 20 7946 0958' }))).toEqual([
      MSG.phoneInvalid,
    ]);
  });

  it('email change: a valid address, lowercased; then the address plus a six-digit code', () => {
    expect(changeEmailSchema.parse({ email: ' New@Creator.Test ' })).toEqual({
      email: 'new@creator.test',
    });
    expect(messages(changeEmailSchema.safeParse({ email: '' }))).toEqual([MSG.emailEmpty]);
    const code = ['1', '2', '3', '4', '5', '6'];
    expect(verifyEmailChangeSchema.parse({ email: 'new@creator.test', code })).toEqual({
      email: 'new@creator.test',
      code: '123456',
    });
    expect(messages(verifyEmailChangeSchema.safeParse({ email: 'nope', code }))).toEqual([
      MSG.emailInvalid,
    ]);
    expect(
      messages(verifyEmailChangeSchema.safeParse({ email: 'new@creator.test', code: ['1', '2'] })),
    ).toEqual([MSG.codeLength]);
  });

  it('change password: required fields, policy, different from current, confirmed', () => {
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: '',
          newPassword: '',
          confirmNewPassword: '',
        }),
      ),
    ).toEqual([
      MSG.currentPasswordRequired,
      MSG.newPasswordRequired,
      MSG.confirmNewPasswordRequired,
    ]);
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: 'Same!Pass1',
          newPassword: 'Same!Pass1',
          confirmNewPassword: 'Same!Pass1',
        }),
      ),
    ).toEqual([MSG.newPasswordSame]);
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: 'Old!Pass1',
          newPassword: 'New!Pass1',
          confirmNewPassword: 'New!Pass2',
        }),
      ),
    ).toEqual([MSG.passwordsMustMatch]);
  });
});
