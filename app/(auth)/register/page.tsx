import { RegisterForm } from '@/components/auth/register-form';
import { hostedSignInEnabled } from '@/lib/oauth/hosted';
import { emailParam } from '@/lib/search-params';
import { REGISTER_METADATA } from '../page-metadata';

export const metadata = REGISTER_METADATA;

export default async function RegisterPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { email } = await searchParams;
  return <RegisterForm prefilledEmail={emailParam(email)} google={hostedSignInEnabled()} />;
}
