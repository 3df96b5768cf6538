import type { Metadata } from 'next';
import { RegisterForm } from '@/components/auth/forms';
import { hostedSignInEnabled } from '@/lib/oauth/hosted';
import { emailParam } from '@/lib/http/search-params';

export const metadata: Metadata = {
  title: 'Create your account',
  description: 'Activate your Creator Dashboard account.',
};

export default async function RegisterPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { email } = await searchParams;
  return <RegisterForm prefilledEmail={emailParam(email)} google={hostedSignInEnabled()} />;
}
