import { notFound } from 'next/navigation';
import { OG_ALT, OG_SIZE, creatorCashOgImage } from '@/components/creatorcash/og-image';
import { VARIANTS, isVariant } from '@/lib/creatorcash/variants';

export const alt = OG_ALT;
export const size = OG_SIZE;
export const contentType = 'image/png';
export const dynamicParams = false;

export function generateStaticParams() {
  return VARIANTS.map((variant) => ({ variant }));
}

export default async function Image({ params }: { params: Promise<{ variant: string }> }) {
  const { variant } = await params;
  if (!isVariant(variant)) notFound();
  return creatorCashOgImage(variant);
}
