import type { Metadata } from 'next';
import { LoginForm } from '@/components/auth/login-form';
import { emailParam } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Sign in', description: 'Sign in to your Creator Dashboard.' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { email, reason } = await searchParams;
  const notices: Record<string, string> = {
    expired: 'Your sign-in took too long. Please sign in again.',
    // Spec §8: UserNotFoundException; the guard has already signed the person out.
    'no-account': 'No account found with this username.',
  };
  const notice = typeof reason === 'string' && notices[reason] ? { text: notices[reason] } : undefined;
  return <LoginForm defaultEmail={emailParam(email) ?? ''} notice={notice} />;
}
