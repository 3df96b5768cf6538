import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/auth/forms';
import { emailParam } from '@/lib/http/search-params';
import { getEnv } from '@/lib/runtime/env';
import { getResetEmail } from '@/lib/session';

export const metadata: Metadata = { title: 'Reset your password' };

export default async function ForgotPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { email } = await searchParams;
  // A code asked for from this browser (decision 031) survives a reload: back at its step.
  const pending = await getResetEmail();
  return (
    <ForgotPasswordForm
      defaultEmail={emailParam(email) ?? pending ?? ''}
      pendingEmail={pending ?? undefined}
      supportEmail={getEnv().SUPPORT_EMAIL}
    />
  );
}
