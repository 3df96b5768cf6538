import { RegisterForm } from '@/components/auth/register-form';
import { REGISTER_METADATA } from '../../../page-metadata';
import { googleOffered, offerParams, type OfferPageProps } from '../../offer';

// /register as most visitors load it, built once per offer (lib/prerendered-pages.ts).
export const metadata = REGISTER_METADATA;
// A literal export in each page: the build reads it from the page's own source.
export const dynamicParams = false;
export const generateStaticParams = offerParams;

export default async function PrerenderedRegisterPage(props: OfferPageProps) {
  return <RegisterForm google={await googleOffered(props)} />;
}
