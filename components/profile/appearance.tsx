'use client';

import { THEME_CHOICES, type ThemeChoice } from '@/lib/ui/theme';
import { RadioCard } from '@/components/ui/radio-card';
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
          <RadioCard
            key={c}
            name="theme"
            value={c}
            checked={choice === c}
            onChange={() => chooseTheme(c)}
            label={LABEL[c]}
            hint={HINT[c]}
            hintId={`theme-${c}-hint`}
            className="bg-surface"
          />
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
