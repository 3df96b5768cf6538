import * as constants from './constants';
import { APPLY_PROMISES, COPY, DISCLAIMER, OFFER_TERMS, type CreatorCashCopy } from './copy';
import { VARIANTS } from './variants';

/** Every string inside a value, with its path, for checks across the whole copy. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  }
  return [];
}

const everything = { COPY, OFFER_TERMS, APPLY_PROMISES, DISCLAIMER };

describe('Creator Cash copy', () => {
  it.each(VARIANTS)('%s has every field, none blank', (variant) => {
    const copy: CreatorCashCopy = COPY[variant];
    expect(Object.keys(copy).sort()).toEqual(
      ['creatorcash', 'creators', 'faq', 'meta', 'requirementsToJoin', 'welcomebanner'].sort(),
    );
    expect(copy.welcomebanner).toEqual({
      eyebrow: expect.any(String),
      title: expect.any(String),
      subtitle: expect.any(String),
      cta: 'Apply Now',
    });
    expect(copy.creators.title).toBe('Reasons to join');
    expect(copy.creators.cards).toHaveLength(4);
    for (const card of copy.creators.cards) {
      expect(card).toEqual({
        title: expect.any(String),
        subTitle: expect.any(String),
        icon: expect.any(String),
      });
    }
    const { step1, step2, successMessage, failureMessage } = copy.creatorcash;
    expect([step1.title, step2.title, successMessage.title, failureMessage.title]).toEqual([
      'Connect YouTube',
      'Submit Your Application',
      'Application Received',
      'Something Went Wrong',
    ]);
    expect(failureMessage.mailTo).toEqual({
      label: expect.any(String),
      subject: expect.any(String),
    });
    for (const [path, text] of strings(copy))
      expect({ path, blank: text.trim() === '' }).toEqual({ path, blank: false });
  });

  it('v1 is the short page: no requirements and no FAQ', () => {
    expect(COPY.v1.requirementsToJoin).toBeNull();
    expect(COPY.v1.faq).toBeNull();
  });

  it.each(['v2', 'v3'] as const)('%s lists the eligibility rules and a FAQ', (variant) => {
    const { requirementsToJoin, faq } = COPY[variant];
    expect(requirementsToJoin?.title).toBe('Requirements to Join');
    expect(requirementsToJoin?.items).toBe(constants.ELIGIBILITY);
    expect(faq?.items.length).toBeGreaterThanOrEqual(4);
    const questions = faq?.items.map((i) => i.question) ?? [];
    expect(new Set(questions).size).toBe(questions.length);
  });

  it('each variant reads differently', () => {
    for (const field of ['title', 'subtitle'] as const) {
      const values = VARIANTS.map((v) => COPY[v].welcomebanner[field]);
      expect(new Set(values).size).toBe(VARIANTS.length);
    }
    const titles = VARIANTS.map((v) => COPY[v].meta.title);
    expect(new Set(titles).size).toBe(VARIANTS.length);
    const intros = VARIANTS.map((v) => COPY[v].creators.intro);
    expect(new Set(intros).size).toBe(VARIANTS.length);
  });

  it('keeps page titles and descriptions within what search results show', () => {
    for (const v of VARIANTS) {
      expect(COPY[v].meta.title.length).toBeLessThanOrEqual(70);
      expect(COPY[v].meta.description.length).toBeGreaterThanOrEqual(70);
      expect(COPY[v].meta.description.length).toBeLessThanOrEqual(170);
    }
  });

  it('shows no number that does not come from the constants', () => {
    const allowed = new Set([
      String(constants.ADVANCE_PERCENT),
      String(constants.FEE_PERCENT),
      String(constants.DAYS_FASTER),
      String(constants.FUNDING_HOURS.min),
      String(constants.FUNDING_HOURS.max),
      constants.usd(constants.MIN_MONTHLY_REVENUE_USD).slice(1),
    ]);
    const strays = strings(everything).flatMap(([path, text]) =>
      (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? [])
        .filter((n) => !allowed.has(n))
        .map((n) => `${path}: ${n}`),
    );
    expect(strays).toEqual([]);
  });

  it('states every figure of the offer somewhere', () => {
    const all = strings(everything)
      .map(([, t]) => t)
      .join('\n');
    expect(all).toContain(`${constants.ADVANCE_PERCENT}%`);
    expect(all).toContain(`${constants.FEE_PERCENT}%`);
    expect(all).toContain('deducted automatically');
    expect(all).toContain('No credit check');
    expect(all).toContain(`up to ${constants.DAYS_FASTER} days faster`);
    expect(all).toContain(constants.fundingWindow);
  });

  it('follows the constants when the terms change', () => {
    const changed = {
      ADVANCE_PERCENT: 77,
      FEE_PERCENT: 3,
      DAYS_FASTER: 21,
      FUNDING_HOURS: { min: 12, max: 36 },
      MIN_MONTHLY_REVENUE_USD: 2_500,
    };
    let text = '';
    jest.isolateModules(() => {
      jest.doMock('./constants', () => {
        const actual = jest.requireActual<typeof constants>('./constants');
        return {
          ...actual,
          ...changed,
          fundingWindow: '12–\u206036\u00a0hours',
          ELIGIBILITY: actual.ELIGIBILITY.map((e) => e.replace('$1,000', '$2,500')),
        };
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require('./copy') as typeof import('./copy');
      text = strings({ a: mod.COPY, b: mod.OFFER_TERMS, c: mod.APPLY_PROMISES })
        .map(([, t]) => t)
        .join('\n');
    });
    const gone = ['90%', '5%', '30 days', '24–\u206048', '48\u00a0hours', '$1,000'];
    for (const old of gone) expect(text).not.toContain(old);
    for (const now of ['77%', '3%', '21 days', '12–\u206036\u00a0hours', '$2,500']) {
      expect(text).toContain(now);
    }
  });
});

describe('Creator Cash constants', () => {
  it('match the business figures (docs/product.md §9)', () => {
    expect(constants.ADVANCE_PERCENT).toBe(90);
    expect(constants.FEE_PERCENT).toBe(5);
    expect(constants.DAYS_FASTER).toBe(30);
    expect(constants.FUNDING_HOURS).toEqual({ min: 24, max: 48 });
    expect(constants.MIN_MONTHLY_REVENUE_USD).toBe(1_000);
    expect(constants.FADE_IN_THRESHOLD).toBe(0.2);
    expect(constants.fundingWindow).toBe('24–\u206048\u00a0hours');
    expect(constants.ELIGIBILITY).toHaveLength(6);
    expect(constants.ELIGIBILITY.join(' | ')).toMatch(
      /YouTube Partner Program.*copyright strikes.*good standing.*checking account.*\$1,000 or more.*U\.S\./,
    );
  });
});
