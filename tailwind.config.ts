import type { Config } from 'tailwindcss';

/**
 * Theme tokens. `brand` and the fills are the same in both themes; the rest are CSS variables that
 * app/globals.css sets for light and dark (decision 070). Each meets WCAG AA (4.5:1) for text on
 * the surfaces it is paired with, in both themes.
 */
const themed = (name: string) => `var(--${name})`;
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef4ff',
          100: '#dbe6fe',
          200: '#bfd3fe',
          500: '#3b6ef5',
          600: '#2553d9',
          700: '#1d42b0',
          800: '#1c3a8c',
          900: '#1b336f',
        },
        ink: { DEFAULT: themed('ink'), muted: themed('ink-muted'), subtle: themed('ink-subtle') },
        surface: {
          DEFAULT: themed('surface'),
          muted: themed('surface-muted'),
          border: themed('surface-border'),
        },
        /** Brand-coloured text (links, marks) and the brand's tinted panels. */
        accent: { DEFAULT: themed('accent'), strong: themed('accent-strong') },
        tint: {
          DEFAULT: themed('tint'),
          strong: themed('tint-strong'),
          border: themed('tint-border'),
        },
        focus: themed('focus'),
        danger: { DEFAULT: themed('danger'), bg: themed('danger-bg'), fill: '#b42318' },
        success: { DEFAULT: themed('success'), bg: themed('success-bg'), fill: '#067647' },
      },
      fontFamily: {
        sans: [
          'system-ui',
          '-apple-system',
          'Segoe UI',
          'Roboto',
          'Helvetica Neue',
          'Arial',
          'sans-serif',
        ],
      },
      borderRadius: { card: '0.75rem' },
      boxShadow: { card: '0 1px 2px rgb(16 24 40 / 0.06), 0 1px 3px rgb(16 24 40 / 0.1)' },
    },
  },
};

export default config;
