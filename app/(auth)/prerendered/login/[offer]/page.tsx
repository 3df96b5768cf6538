import { LoginForm } from '@/components/auth/login-form';
import { LOGIN_METADATA } from '../../../page-metadata';
import { googleOffered, offerParams, type OfferPageProps } from '../../offer';

// /login as most visitors load it, built once per offer; the guard serves it for /login with no
// query and the page rendered per request otherwise (lib/prerendered-pages.ts).
export const metadata = LOGIN_METADATA;
// A literal export in each page: the build reads it from the page's own source.
export const dynamicParams = false;
export const generateStaticParams = offerParams;

export default async function PrerenderedLoginPage(props: OfferPageProps) {
  return <LoginForm defaultEmail="" google={await googleOffered(props)} />;
}
