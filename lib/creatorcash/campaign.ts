import type { Variant } from './variants';

/**
 * The public address of a variant: `/creatorcash?<base64url of variant=vN>`, the form campaigns
 * link to. The static route `/creatorcash/vN` is an internal rewrite target, so canonical and
 * Open Graph URLs point here instead.
 */
export function campaignPath(variant: Variant): string {
  return `/creatorcash?${Buffer.from(`variant=${variant}`).toString('base64url')}`;
}
