import type { Metadata } from 'next';
import { LoginForm } from '@/components/auth/login-form';
import { emailParam } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Sign in', description: 'Sign in to your Creator Dashboard.' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { email, reason } = await searchParams;
  const notice = reason === 'expired' ? { text: 'Your sign-in took too long. Please sign in again.' } : undefined;
  return <LoginForm defaultEmail={emailParam(email) ?? ''} notice={notice} />;
}
