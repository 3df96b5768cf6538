import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ChooseTwoStepForm } from '@/components/auth/choose-two-step-form';
import { getChallenge } from '@/lib/session';

export const metadata: Metadata = { title: 'Choose how to verify' };

export default async function ChooseTwoStepPage() {
  const challenge = await getChallenge();
  if (challenge?.name !== 'SELECT_MFA_TYPE' || !challenge.choices?.length)
    redirect('/login?reason=expired');
  return <ChooseTwoStepForm choices={challenge.choices} />;
}
