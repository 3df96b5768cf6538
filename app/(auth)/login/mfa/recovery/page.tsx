import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { RecoveryCodeForm } from '@/components/auth/recovery-code-form';
import { twoStepOf } from '@/lib/cognito/admin';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';
import { getChallenge } from '@/lib/session';

export const metadata: Metadata = { title: 'Try another way' };

// Only while a two-step sign-in waits in this browser: the email comes from it, never the form.
export default async function RecoveryCodePage() {
  const challenge = await getChallenge();
  const name = challenge?.name;
  const waiting =
    name === 'SOFTWARE_TOKEN_MFA' ||
    name === 'SMS_MFA' ||
    name === 'SELECT_MFA_TYPE' ||
    (name === 'EMAIL_OTP' && challenge?.second);
  if (!challenge || !waiting) redirect('/login?reason=expired');
  // The other methods that are on (the password is already proved for this sign-in).
  const twoStep = await twoStepOf(getEnv(), challenge.username);
  if (!twoStep.ok) log.warn('auth.two_step_methods_unread', { reason: twoStep.failure.name });
  const others =
    name === 'SELECT_MFA_TYPE' || !twoStep.ok
      ? []
      : twoStep.value.methods.filter((m) => m !== name);
  return (
    <RecoveryCodeForm
      email={challenge.username}
      supportEmail={getEnv().SUPPORT_EMAIL}
      others={others}
    />
  );
}
