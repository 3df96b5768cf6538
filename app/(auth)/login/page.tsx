import { LoginForm } from '@/components/auth/login-form';
import { getEnv } from '@/lib/env';
import { loginNotice } from '@/lib/login-notices';
import { hostedSignInEnabled } from '@/lib/oauth/hosted';
import { emailParam } from '@/lib/search-params';
import { LOGIN_METADATA } from '../page-metadata';

export const metadata = LOGIN_METADATA;

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { email, reason } = await searchParams;
  const env = getEnv();
  const notice = loginNotice(reason, { ...env.sessionLimits, supportEmail: env.SUPPORT_EMAIL });
  return (
    <LoginForm
      defaultEmail={emailParam(email) ?? ''}
      notice={notice}
      google={hostedSignInEnabled(env)}
    />
  );
}
