import { campaignPath, siteOrigin } from './campaign';
import { decodeCreatorCashQuery } from './decode';
import { VARIANTS } from './variants';

describe('campaignPath', () => {
  it.each(VARIANTS)('gives a /creatorcash URL the guard decodes back to %s', (variant) => {
    const path = campaignPath(variant);
    expect(path).toMatch(/^\/creatorcash\?[A-Za-z0-9_-]+$/);
    expect(decodeCreatorCashQuery(new URL(path, 'http://x').search)).toBe(variant);
  });
});

describe('siteOrigin', () => {
  it('uses SITE_URL, reduced to its origin', () => {
    expect(siteOrigin({ SITE_URL: 'https://creators.example.com/some/path' }).href).toBe(
      'https://creators.example.com/',
    );
  });

  it('falls back to localhost on the configured port', () => {
    expect(siteOrigin({}).href).toBe('http://localhost:3000/');
    expect(siteOrigin({ PORT: '3100' }).href).toBe('http://localhost:3100/');
  });

  it('refuses a SITE_URL that is not an http(s) URL', () => {
    expect(() => siteOrigin({ SITE_URL: 'creators.example.com' })).toThrow(/SITE_URL/);
    expect(() => siteOrigin({ SITE_URL: 'ftp://creators.example.com' })).toThrow(/SITE_URL/);
  });
});
