import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { TwoStepSignInForm } from '@/components/auth/two-step-sign-in-form';
import { getChallenge } from '@/lib/session';

export const metadata: Metadata = { title: 'Two-step verification' };

export default async function TwoStepSignInPage() {
  const challenge = await getChallenge();
  if (challenge?.name !== 'SOFTWARE_TOKEN_MFA') redirect('/login?reason=expired');
  return <TwoStepSignInForm />;
}
