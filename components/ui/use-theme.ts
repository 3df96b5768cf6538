'use client';

import { useSyncExternalStore } from 'react';
import { THEME_KEY, type Theme, type ThemeChoice } from '@/lib/ui/theme';

const DARK = '(prefers-color-scheme: dark)';

/** Follows <html data-theme> (set by the theme script, here or from another tab) and the system's. */
function subscribe(changed: () => void): () => void {
  const watch = new MutationObserver(changed);
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const media = matchMedia(DARK);
  media.addEventListener('change', changed);
  return () => {
    watch.disconnect();
    media.removeEventListener('change', changed);
  };
}

const chosen = (): ThemeChoice => {
  const t = document.documentElement.dataset.theme;
  return t === 'light' || t === 'dark' ? t : 'system';
};

/** What this browser chose: 'system' until the page has hydrated. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, chosen, () => 'system');
}

/** The theme shown now, the system's when none was chosen (null before hydration). */
export function useShownTheme(): Theme | null {
  return useSyncExternalStore(
    subscribe,
    (): Theme => {
      const c = chosen();
      return c === 'system' ? (matchMedia(DARK).matches ? 'dark' : 'light') : c;
    },
    () => null,
  );
}

/** Keeps the choice in this browser and shows it at once; other tabs follow by the storage event. */
export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused (a locked-down browser): the choice holds for this page only.
  }
  if (choice === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.setAttribute('data-theme', choice);
}
