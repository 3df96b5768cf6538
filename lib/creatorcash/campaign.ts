import type { Variant } from './variants';

/** `/creatorcash/vN` is only a rewrite target, so canonical and Open Graph URLs use this. */
export function campaignPath(variant: Variant): string {
  return `/creatorcash?${Buffer.from(`variant=${variant}`).toString('base64url')}`;
}
