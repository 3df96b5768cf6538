import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { NewPasswordForm } from '@/components/auth/new-password-form';
import { getChallenge } from '@/lib/session';

export const metadata: Metadata = { title: 'Choose your password' };

export default async function NewPasswordPage() {
  const challenge = await getChallenge();
  if (challenge?.name !== 'NEW_PASSWORD_REQUIRED') redirect('/login?reason=expired');
  return <NewPasswordForm email={challenge.username} />;
}
