import { notFound } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { SIGN_IN_OFFERS, isSignInOffer } from '@/lib/prerendered-pages';
import { LOGIN_METADATA } from '../../../page-metadata';

// /login as most visitors load it, built once per offer; the guard serves it for /login with no
// query and the page rendered per request otherwise (lib/prerendered-pages.ts).
export const metadata = LOGIN_METADATA;
export const dynamicParams = false;

export function generateStaticParams() {
  return SIGN_IN_OFFERS.map((offer) => ({ offer }));
}

export default async function PrerenderedLoginPage({
  params,
}: {
  params: Promise<{ offer: string }>;
}) {
  const { offer } = await params;
  if (!isSignInOffer(offer)) notFound();
  return <LoginForm defaultEmail="" google={offer === 'with-google'} />;
}
