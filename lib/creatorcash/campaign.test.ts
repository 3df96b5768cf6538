import { campaignPath } from './campaign';
import { decodeCreatorCashQuery } from './decode';
import { VARIANTS } from './variants';

describe('campaignPath', () => {
  it.each(VARIANTS)('gives a /creatorcash URL the guard decodes back to %s', (variant) => {
    const path = campaignPath(variant);
    expect(path).toMatch(/^\/creatorcash\?[A-Za-z0-9_-]+$/);
    expect(decodeCreatorCashQuery(new URL(path, 'http://x').search)).toBe(variant);
  });
});
