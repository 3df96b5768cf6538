import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { emailParam } from '@/lib/search-params';
import { FORGOT_PASSWORD_METADATA } from '../page-metadata';

export const metadata = FORGOT_PASSWORD_METADATA;

export default async function ForgotPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { email } = await searchParams;
  return <ForgotPasswordForm defaultEmail={emailParam(email) ?? ''} />;
}
