import { ImageResponse } from 'next/og';
import { OFFER_TERMS, copyFor } from '@/lib/creatorcash/copy';
import type { Variant } from '@/lib/creatorcash/variants';

export const OG_SIZE = { width: 1200, height: 630 };
export const OG_ALT = 'Creator Cash: cash advances on your finalized YouTube earnings';

// Plain spaces, no joiners, Latin only: a glyph the bundled font lacks makes next/og fetch a font.
const plain = (s: string) => s.replace(/\u2060/g, '').replace(/\u00a0/g, ' ');

export function creatorCashOgImage(variant: Variant) {
  const { meta } = copyFor(variant);
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        color: '#ffffff',
        backgroundImage: 'linear-gradient(180deg, #1b336f 0%, #1d42b0 100%)',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', fontSize: 36, fontWeight: 700 }}>
        <div
          style={{
            display: 'flex',
            width: 56,
            height: 56,
            marginRight: 20,
            borderRadius: 12,
            background: '#ffffff',
            color: '#1c3a8c',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {/* The page icon's bolt (public/creatorcash/icon.svg). */}
          <svg width="48" height="48" viewBox="0 0 32 32">
            <path d="M17.5 5 8 18h7l-1.5 9L23 14h-7l1.5-9z" fill="#1c3a8c" />
          </svg>
        </div>
        Creator Cash
      </div>
      <div
        style={{ display: 'flex', fontSize: 76, fontWeight: 700, lineHeight: 1.1, maxWidth: 1000 }}
      >
        {plain(meta.ogHeadline)}
      </div>
      <div style={{ display: 'flex' }}>
        {OFFER_TERMS.slice(0, 3).map((t) => (
          <div
            key={t.term}
            style={{
              display: 'flex',
              flexDirection: 'column',
              marginRight: 24,
              padding: '18px 28px',
              borderRadius: 16,
              background: 'rgba(255,255,255,0.12)',
            }}
          >
            <div style={{ fontSize: 24, color: '#dbe6fe' }}>{t.term}</div>
            <div style={{ fontSize: 40, fontWeight: 700 }}>{plain(t.value)}</div>
          </div>
        ))}
      </div>
    </div>,
    OG_SIZE,
  );
}
