import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { VerifyEmailForm } from '@/components/auth/verify-email-form';
import { getPendingEmail } from '@/lib/session';

export const metadata: Metadata = { title: 'Verify your email' };

export default async function VerifyEmailPage() {
  // The email comes from the sign-up (or sign-in) that sent the code, kept server-side.
  const email = await getPendingEmail();
  if (!email) redirect('/login');
  return <VerifyEmailForm email={email} />;
}
