import type { Metadata, Viewport } from 'next';
import { VitalsLoader } from '@/components/vitals/vitals-loader';
import './globals.css';

// Absolute URLs for canonical links and social images; set SITE_URL to the public origin.
const siteUrl = process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`;

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl),
  title: { default: 'Creator Dashboard', template: '%s · Creator Dashboard' },
  description:
    'Analytics, payments and tools for YouTube, Facebook, Instagram and Twitch creators.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#2553d9' };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        {children}
        <VitalsLoader />
      </body>
    </html>
  );
}
