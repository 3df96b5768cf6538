import { isVariant, type Variant } from './variants';

const MAX_TOKEN = 256;

/** docs/product.md §2.12.1. Runs in the request guard, so it must stay cheap and total. */
export function decodeCreatorCashQuery(search: string): Variant | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const first = query.split('&', 1)[0] ?? '';
  if (first.length === 0 || first.length > MAX_TOKEN * 3) return null;

  let token: string;
  try {
    token = decodeURIComponent(first.replace(/\+/g, ' ')).replace(/ /g, '+');
  } catch {
    return null;
  }
  token = token.replace(/=+$/, '');
  if (token.length === 0 || token.length > MAX_TOKEN || !/^[A-Za-z0-9+/_-]+$/.test(token))
    return null;
  // A base64 string of length 4n+1 cannot be produced by any input.
  if (token.length % 4 === 1) return null;

  const text = Buffer.from(token.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  const match = /^([A-Za-z][A-Za-z0-9_-]{0,31})=(v[1-3])$/.exec(text.trim());
  const value = match?.[2];
  return isVariant(value) ? value : null;
}
