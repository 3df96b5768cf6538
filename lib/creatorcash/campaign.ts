import type { Variant } from './variants';

/**
 * The public address of a variant: `/creatorcash?<base64url of variant=vN>`, the form campaigns
 * link to. The static route `/creatorcash/vN` is an internal rewrite target, so canonical and
 * Open Graph URLs point here instead.
 */
export function campaignPath(variant: Variant): string {
  return `/creatorcash?${Buffer.from(`variant=${variant}`).toString('base64url')}`;
}

/**
 * Origin for absolute metadata URLs, fixed at build time because the pages are static.
 * SITE_URL in production; on the local stack, localhost on the configured port.
 */
export function siteOrigin(source: Record<string, string | undefined> = process.env): URL {
  const raw = source.SITE_URL?.trim();
  if (raw) {
    const url = URL.canParse(raw) ? new URL(raw) : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      throw new Error(`SITE_URL must be an http(s) URL, got "${raw}"`);
    }
    return new URL(url.origin);
  }
  const port = source.PORT && /^\d+$/.test(source.PORT) ? source.PORT : '3000';
  return new URL(`http://localhost:${port}`);
}
