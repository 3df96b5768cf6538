import type { Config } from 'tailwindcss';

/** Theme tokens. Colours meet WCAG AA (4.5:1) for text on the surfaces they are paired with. */
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
        ink: { DEFAULT: '#111827', muted: '#4b5563', subtle: '#6b7280' },
        surface: { DEFAULT: '#ffffff', muted: '#f5f7fb', border: '#d9dee8' },
        danger: { DEFAULT: '#b42318', bg: '#fef3f2' },
        success: { DEFAULT: '#067647', bg: '#ecfdf3' },
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
