import { checkLayout } from './layout/check';
import { measureLayout, type LayoutFinding } from './layout/measure';
import { LAYOUT_PAGES } from './layout/pages';
import { expect, test } from './fixtures';

/**
 * The layout check: every page and dialog of the product (e2e/layout/pages.ts), signed out and
 * signed in, at 390 and 1280 px in the gate and at 320, 390, 768, 1024, 1280 and 1920 px in
 * `npm run test:full` (e2e/layout/check.ts). It fails when the page scrolls sideways,
 * when text or a control sticks out of the box that holds it, when interactive targets overlap,
 * or when a target is under 24×24 px (e2e/layout/measure.ts says what is exempt and why).
 * Screenshots of each page, state and width, in the full run: e2e/screenshots/layout/ (git-ignored).
 */

test.describe('the layout check itself', () => {
  const measure = async (page: import('@playwright/test').Page, body: string, width = 320) => {
    await page.setViewportSize({ width, height: 600 });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;font:16px/1.5 sans-serif">${body}</body></html>`,
    );
    return page.evaluate(measureLayout, {});
  };
  const kinds = (f: LayoutFinding[]) => f.map((x) => `${x.kind} ${x.path}`);

  test('finds text that runs past its card, and names it', async ({ page }) => {
    // The shape of the /creatorcash stat card: a figure kept on one line in a narrow card.
    const found = await measure(
      page,
      `<div style="width:120px;border:1px solid #ccc"><p class="figure" style="white-space:nowrap;margin:0">24–48 hours and more</p></div>`,
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'sticks-out', text: '24–48 hours and more' });
    expect(found[0]!.path).toBe('body > div > p.figure');
    expect(found[0]!.detail).toMatch(/^its text sticks out right by \d+(\.\d)? px of body > div$/);
  });

  test('finds a long word past a filled box, a box past its box, and text a box cuts off', async ({
    page,
  }) => {
    const found = await measure(
      page,
      `<section style="width:200px;background:#eee">
         <p id="word">alexandria.montgomery.fitzgerald@creator.test</p>
         <div id="inner" style="width:260px;height:20px;border:1px solid red"></div>
         <p id="cut" style="width:100px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Maximiliana Montgomery-Fitzgerald</p>
         <p id="titled" title="Maximiliana Montgomery-Fitzgerald" style="width:100px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Maximiliana Montgomery-Fitzgerald</p>
       </section>`,
      640,
    );
    // Cut with an ellipsis and the whole text in its title (#titled) is truncation on purpose.
    expect(kinds(found).sort()).toEqual([
      'sticks-out #cut',
      'sticks-out #inner',
      'sticks-out #word',
    ]);
  });

  test('finds the page scrolling sideways and names what reaches past the window', async ({
    page,
  }) => {
    const found = await measure(page, `<div id="wide" style="width:400px">wide</div>`);
    expect(found.map((f) => f.kind)).toEqual(['sideways-scroll']);
    expect(found[0]!.detail).toContain('400 px wide in a 320 px window');
    expect(found[0]!.detail).toContain('#wide');
  });

  test("finds small and overlapping targets; a link in a sentence and a field's own toggle are exempt", async ({
    page,
  }) => {
    const found = await measure(
      page,
      `<button id="small" style="width:20px;height:20px;padding:0">x</button>
       <a id="alone" href="#" style="display:block;width:100px;line-height:16px;font-size:12px">Terms</a>
       <p>Already have an account? <a id="inline" href="#">Sign in</a></p>
       <div style="position:relative;height:60px">
         <button id="a" style="position:absolute;left:0;top:0;width:60px;height:40px">A</button>
         <button id="b" style="position:absolute;left:40px;top:10px;width:60px;height:40px">B</button>
       </div>
       <div style="position:relative;width:200px"><input type="password" style="width:100%;height:40px;padding:0 48px 0 8px;box-sizing:border-box"><button aria-label="Show password" style="position:absolute;right:0;top:0;width:40px;height:40px"></button></div>
       <div style="position:relative;width:200px"><input id="field" style="width:100%;height:40px;padding:0 8px;box-sizing:border-box"><button aria-label="Clear" style="position:absolute;right:0;top:0;width:40px;height:40px"></button></div>
       <label style="display:inline-flex;gap:8px;align-items:center;min-height:24px"><input type="checkbox" style="width:16px;height:16px;margin:0"> Remember this device</label>`,
    );
    expect(kinds(found).sort()).toEqual([
      'overlap #a',
      'overlap #field',
      'small-target #alone',
      'small-target #small',
    ]);
  });

  test('exempts screen-reader text, aria-hidden decorations, vertical scrollers and the page behind a dialog', async ({
    page,
  }) => {
    const found = await measure(
      page,
      `<div style="width:120px;border:1px solid #ccc;position:relative">
         <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap">a very long text for screen readers only</span>
         <span aria-hidden="true" style="position:absolute;right:-40px;width:80px;height:10px;background:blue"></span>
         ok
       </div>
       <div style="height:60px;overflow-y:auto;border:1px solid #ccc"><p style="height:200px;margin:0">tall</p></div>
       <div data-scroll-x style="width:100px;overflow-x:auto;border:1px solid"><p style="width:300px">a table</p></div>
       <div style="width:100px;overflow-x:auto;border:1px solid"><p id="side" style="width:300px;margin:0">unintended</p></div>`,
    );
    // A box that scrolls sideways by accident is named; its content is inside its scroll area.
    expect(kinds(found)).toEqual(['sideways-scroll body > div:nth-of-type(4)']);

    const behind = await measure(
      page,
      `<div style="width:100px;border:1px solid"><p style="white-space:nowrap">covered by the dialog, sticking out</p></div>
       <div role="dialog" style="position:fixed;inset:20px;background:white;border:1px solid">
         <p>fits</p><button style="min-width:24px;min-height:24px">Close</button>
       </div>`,
    );
    expect(behind).toEqual([]);
  });
});

for (const entry of LAYOUT_PAGES.filter((e) => !e.stack)) {
  test(`layout holds at the run's widths: ${entry.page}`, async ({ page }) => {
    test.setTimeout(120_000);
    const problems = await checkLayout(page, entry);
    // Each line names the page, the width, the element (a CSS path and its text) and what is wrong.
    expect(problems, `layout problems on ${entry.page}`).toEqual([]);
  });
}
