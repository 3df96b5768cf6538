import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { MfaForm } from '@/components/auth/mfa-form';
import { getChallenge } from '@/lib/session';

export const metadata: Metadata = { title: 'Two-step verification' };

export default async function MfaPage() {
  const challenge = await getChallenge();
  if (challenge?.name !== 'SOFTWARE_TOKEN_MFA') redirect('/login?reason=expired');
  return <MfaForm />;
}
