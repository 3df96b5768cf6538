import { routeAccess } from './access';

const MAX_LENGTH = 512;

/**
 * The page a signed-out visit asked for, kept so the next sign-in lands there (decision 047); null
 * for anything that is not one of the product's own signed-in pages, or is the home page itself.
 */
export function returnPath(value: string | undefined | null): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  // Our own path only: never another origin ("//host", "/\host") or a control character.
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value))
    return null;
  let url: URL;
  try {
    url = new URL(value, 'http://x');
  } catch {
    return null;
  }
  if (url.origin !== 'http://x' || url.hash) return null;
  if (url.pathname.startsWith('/api/') || routeAccess(url.pathname) !== 'protected') return null;
  const back = url.pathname + url.search;
  // What is returned, checked again: dot segments fold `/.//host` into `//host`.
  if (/^\/[/\\]/.test(back)) return null;
  return back === '/' ? null : back;
}
