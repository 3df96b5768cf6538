import type { Metadata } from 'next';
import { EmailCodeSignInForm } from '@/components/auth/email-code-sign-in-form';
import { emailParam } from '@/lib/http/search-params';

export const metadata: Metadata = { title: 'Sign in with an email code' };

export default async function EmailCodeSignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { email } = await searchParams;
  return <EmailCodeSignInForm defaultEmail={emailParam(email) ?? ''} />;
}
