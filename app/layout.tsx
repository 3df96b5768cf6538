import type { Metadata, Viewport } from 'next';
import { HydrationMark } from '@/components/forms/hydration-mark';
import { VitalsLoader } from '@/components/vitals/vitals-loader';
import { siteUrl } from '@/lib/runtime/env';
import { THEME_SCRIPT } from '@/lib/ui/theme';
import './globals.css';

export const metadata: Metadata = {
  // Absolute URLs for canonical links and social images; set SITE_URL to the public origin.
  metadataBase: siteUrl(),
  title: { default: 'Creator Dashboard', template: '%s · Creator Dashboard' },
  description:
    'Analytics, payments and tools for YouTube, Facebook, Instagram and Twitch creators.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#2553d9' };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // The theme script sets data-theme before React hydrates (decision 070).
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        {children}
        <VitalsLoader />
        <HydrationMark />
      </body>
    </html>
  );
}
