import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { TwoStepSignInForm } from '@/components/auth/two-step-sign-in-form';
import { getChallenge } from '@/lib/session';

export const metadata: Metadata = { title: 'Two-step verification' };

export default async function TwoStepSignInPage() {
  const challenge = await getChallenge();
  const name = challenge?.name;
  const asked =
    name === 'SOFTWARE_TOKEN_MFA' ||
    name === 'SMS_MFA' ||
    (name === 'EMAIL_OTP' && challenge?.second);
  if (!asked) redirect('/login?reason=expired');
  return <TwoStepSignInForm method={name} destination={challenge?.destination} />;
}
