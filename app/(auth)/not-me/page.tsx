import type { Metadata } from 'next';
import { AuthHeading } from '@/components/auth/auth-heading';
import { BackToSignIn } from '@/components/auth/back-to-sign-in';
import { notMeAction } from '@/lib/auth/not-me';
import { Button } from '@/components/ui/button';
import { IntentLink } from '@/components/ui/intent-link';
import { getEnv } from '@/lib/runtime/env';
import { notMeUsed } from '@/lib/auth/not-me-link';
import { maskEmail } from '@/lib/format';
import { unsealAs } from '@/lib/session/seal';

export const metadata: Metadata = { title: 'Secure your account', robots: { index: false } };

// A button, not the link itself, ends every session: mail scanners open links (decision 032).
export default async function NotMePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { t } = await searchParams;
  const token = typeof t === 'string' ? t : '';
  const notice = token ? await unsealAs('notMe', token, getEnv()) : null;
  const used = notice ? await notMeUsed(notice.sub, token) : false;
  if (!notice || used)
    return (
      <>
        <AuthHeading
          title="Secure your account"
          subtitle={
            used
              ? 'This link has been used: every session on the account was ended then.'
              : 'This link has expired or is not complete.'
          }
        />
        <p className="text-ink text-sm">
          If something on your account was not you,{' '}
          <IntentLink href="/forgot-password" className="text-accent font-semibold hover:underline">
            reset your password
          </IntentLink>
          : a reset signs you out everywhere.
        </p>
        <BackToSignIn />
      </>
    );
  return (
    <>
      <AuthHeading
        title="Secure your account"
        subtitle={`We'll sign ${maskEmail(notice.email)} out on every device, then you choose a new password.`}
      />
      <form action={notMeAction} className="flex flex-col gap-4">
        <input type="hidden" name="t" value={token} />
        <p className="text-ink text-sm">
          After the reset, your profile lists every passkey, device and two-step method on the
          account: remove any you don&apos;t recognise.
        </p>
        <Button type="submit">Sign out everywhere</Button>
      </form>
      <BackToSignIn />
    </>
  );
}
