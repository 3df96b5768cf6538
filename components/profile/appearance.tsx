'use client';

import { THEME_CHOICES, type ThemeChoice } from '@/lib/ui/theme';
import { chooseTheme, useThemeChoice } from '@/components/ui/use-theme';

const LABEL: Record<ThemeChoice, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};
const HINT: Record<ThemeChoice, string> = {
  system: "Follows your device's light or dark setting.",
  light: 'Always light.',
  dark: 'Always dark.',
};

/** Light, dark or the system's, kept in this browser (decision 070). */
export function Appearance() {
  const choice = useThemeChoice();
  return (
    <section aria-labelledby="appearance-heading" className="mt-10">
      <h2 id="appearance-heading" className="text-ink mb-1 text-lg font-bold">
        Appearance
      </h2>
      <p className="text-ink-muted mb-4 text-sm">Kept in this browser.</p>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="sr-only">Theme</legend>
        {THEME_CHOICES.map((c) => (
          <label
            key={c}
            className="border-surface-border bg-surface has-[:checked]:border-focus has-[:focus-visible]:ring-focus flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-2"
          >
            <input
              type="radio"
              name="theme"
              value={c}
              checked={choice === c}
              onChange={() => chooseTheme(c)}
              className="accent-brand-600 mt-0.5 size-5 shrink-0"
              aria-describedby={`theme-${c}-hint`}
            />
            <span className="flex flex-col gap-0.5">
              <span className="text-ink text-sm font-medium">{LABEL[c]}</span>
              <span id={`theme-${c}-hint`} className="text-ink-muted text-xs">
                {HINT[c]}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <noscript>
        <p className="text-ink-muted mt-3 text-sm">
          Choosing a theme needs JavaScript. Without it, pages follow your device&apos;s setting.
        </p>
      </noscript>
    </section>
  );
}
