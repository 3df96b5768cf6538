import { notFound } from 'next/navigation';
import { RegisterForm } from '@/components/auth/register-form';
import { SIGN_IN_OFFERS, isSignInOffer } from '@/lib/prerendered-pages';
import { REGISTER_METADATA } from '../../../page-metadata';

// /register as most visitors load it, built once per offer (lib/prerendered-pages.ts).
export const metadata = REGISTER_METADATA;
export const dynamicParams = false;

export function generateStaticParams() {
  return SIGN_IN_OFFERS.map((offer) => ({ offer }));
}

export default async function PrerenderedRegisterPage({
  params,
}: {
  params: Promise<{ offer: string }>;
}) {
  const { offer } = await params;
  if (!isSignInOffer(offer)) notFound();
  return <RegisterForm google={offer === 'with-google'} />;
}
