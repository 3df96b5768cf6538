import { renderToStaticMarkup } from 'react-dom/server';
import { COPY, DISCLAIMER } from '@/lib/creatorcash/copy';
import { VARIANTS } from '@/lib/creatorcash/variants';
import { CreatorCashPage } from './creator-cash-page';

const SUPPORT = 'help@creators.example';
const html = (v: (typeof VARIANTS)[number]) =>
  renderToStaticMarkup(<CreatorCashPage copy={COPY[v]} supportEmail={SUPPORT} />);
const text = (s: string) =>
  s
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\n]+/g, ' ');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');

describe('CreatorCashPage (server HTML)', () => {
  it.each(VARIANTS)('%s renders its sections with landmarks and ordered headings', (v) => {
    const out = html(v);
    const copy = COPY[v];
    expect(out).toMatch(/^<header[\s\S]*<main>[\s\S]*<\/main><footer/);
    const levels = [...out.matchAll(/<h([1-6])/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    levels.forEach((l, i) => i > 0 && expect(l - levels[i - 1]!).toBeLessThanOrEqual(1));

    const body = text(out);
    expect(body).toContain(copy.welcomebanner.title);
    expect(body).toContain(copy.creators.title);
    for (const card of copy.creators.cards) expect(body).toContain(card.title);
    expect(out).toContain('href="#apply"');
    expect(out).toContain('id="apply"');
    expect(body).toContain(copy.creatorcash.step1.title);
    for (const line of DISCLAIMER) expect(out).toContain(esc(line));
  });

  it('leaves requirements and FAQ out of v1', () => {
    const out = text(html('v1'));
    expect(out).not.toContain('Requirements to Join');
    expect(out).not.toMatch(/Frequently asked|Questions, answered/);
  });

  it.each(['v2', 'v3'] as const)(
    '%s puts every requirement and every FAQ answer in the HTML',
    (v) => {
      const out = html(v);
      for (const item of COPY[v].requirementsToJoin!.items) expect(out).toContain(esc(item));
      for (const { question, answer } of COPY[v].faq!.items) {
        expect(out).toContain(esc(question));
        expect(out).toContain(esc(answer));
      }
      // One answer open to begin with; the rest are in the HTML but hidden.
      expect(out.match(/role="region"[^>]*hidden=""/g) ?? []).toHaveLength(
        COPY[v].faq!.items.length - 1,
      );
    },
  );

  it('hides nothing before the browser runs (no invisible-until-hydrated text)', () => {
    for (const v of VARIANTS) {
      const out = html(v);
      expect(out).not.toContain('data-fade');
      expect(out).not.toMatch(/class="[^"]*(?<![\w:-])opacity-0/);
    }
  });
});
