import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { RecoveryCodeForm } from '@/components/auth/recovery-code-form';
import { getEnv } from '@/lib/env';
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
  return <RecoveryCodeForm email={challenge.username} supportEmail={getEnv().SUPPORT_EMAIL} />;
}
