import type { Metadata } from 'next';
import { LoginForm } from '@/components/auth/forms';
import { TellOtherTabs } from '@/components/auth/tell-other-tabs';
import { getEnv } from '@/lib/runtime/env';
import { loginNotice, noticeTone } from '@/lib/messages/notices';
import { hostedSignInEnabled } from '@/lib/oauth/hosted';
import { emailParam } from '@/lib/http/search-params';
import { rememberedEmail } from '@/lib/session';

export const metadata: Metadata = {
  title: 'Sign in',
  description: 'Sign in to your Creator Dashboard.',
};

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { email, reason } = await searchParams;
  const env = getEnv();
  const notice = loginNotice(reason, { ...env.sessionLimits, supportEmail: env.SUPPORT_EMAIL });
  const given = emailParam(email);
  const remembered = given ? null : await rememberedEmail();
  return (
    <>
      <LoginForm
        defaultEmail={given ?? remembered ?? ''}
        remembered={Boolean(remembered)}
        notice={notice}
        noticeTone={noticeTone(reason)}
        google={hostedSignInEnabled(env)}
      />
      <TellOtherTabs />
    </>
  );
}
