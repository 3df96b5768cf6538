import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CreatorCashPage } from '@/components/creatorcash/creator-cash-page';
import { campaignPath } from '@/lib/creatorcash/campaign';
import { copyFor } from '@/lib/creatorcash/copy';
import { VARIANTS, isVariant } from '@/lib/creatorcash/variants';
import { getEnv } from '@/lib/runtime/env';

type Props = { params: Promise<{ variant: string }> };

// Built once per variant; the guard rewrites /creatorcash?<base64> here, anything else is a 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return VARIANTS.map((variant) => ({ variant }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { variant } = await params;
  if (!isVariant(variant)) notFound();
  const { meta } = copyFor(variant);
  // Relative to the root layout's metadataBase (SITE_URL).
  const url = campaignPath(variant);
  return {
    title: { absolute: meta.title },
    description: meta.description,
    alternates: { canonical: url },
    // Its own icon, so browsers do not ask for /favicon.ico (which the app redirects).
    icons: { icon: { url: '/creatorcash/icon.svg', type: 'image/svg+xml' } },
    openGraph: {
      type: 'website',
      url,
      siteName: 'Creator Cash',
      locale: 'en_US',
      title: meta.title,
      description: meta.description,
    },
    twitter: { card: 'summary_large_image', title: meta.title, description: meta.description },
  };
}

export default async function CreatorCashVariantPage({ params }: Props) {
  const { variant } = await params;
  if (!isVariant(variant)) notFound();
  return <CreatorCashPage copy={copyFor(variant)} supportEmail={getEnv().SUPPORT_EMAIL} />;
}
