import { notFound } from 'next/navigation';
import { SIGN_IN_OFFERS, isSignInOffer, type SignInOffer } from '@/lib/prerendered-pages';

/** What the `[offer]` twins of /login and /register share (lib/prerendered-pages.ts). */

/** Each offer a twin is built for: the pages' static params. */
export function offerParams(): { offer: SignInOffer }[] {
  return SIGN_IN_OFFERS.map((offer) => ({ offer }));
}

/** The props of an `[offer]` twin page. */
export type OfferPageProps = { params: Promise<{ offer: string }> };

/** Whether the twin offers "Continue with Google"; an offer no twin is built for is not found. */
export async function googleOffered({ params }: OfferPageProps): Promise<boolean> {
  const { offer } = await params;
  if (!isSignInOffer(offer)) notFound();
  return offer === 'with-google';
}
