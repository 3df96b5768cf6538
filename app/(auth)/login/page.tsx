import type { Metadata } from 'next';
import { LoginForm } from '@/components/auth/login-form';
import { getEnv } from '@/lib/env';
import { APP_MSG } from '@/lib/messages';
import { emailParam } from '@/lib/search-params';

/** 1800 -> '30 minutes', 43200 -> '12 hours'. */
function duration(seconds: number): string {
  const hours = seconds / 3600;
  if (Number.isInteger(hours)) return hours === 1 ? '1 hour' : `${hours} hours`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

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
  const { idleS, maxS } = getEnv().sessionLimits;
  const notices: Record<string, string> = {
    expired: APP_MSG.signInExpired,
    idle: `You were signed out after ${duration(idleS)} without activity. Please sign in again.`,
    'session-expired': `You were signed out: sessions last ${duration(maxS)}. Please sign in again.`,
    // Spec §8: UserNotFoundException; the guard has already signed the person out.
    'no-account': APP_MSG.noAccount,
  };
  const notice =
    typeof reason === 'string' && notices[reason] ? { text: notices[reason] } : undefined;
  return <LoginForm defaultEmail={emailParam(email) ?? ''} notice={notice} />;
}
