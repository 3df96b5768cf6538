import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { emailParam } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Reset your password' };

export default async function ForgotPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { email } = await searchParams;
  return <ForgotPasswordForm defaultEmail={emailParam(email) ?? ''} />;
}
