import { mkdirSync } from 'node:fs';
import { test, type Page } from '@playwright/test';
import { axeViolations } from '../fixtures';
import { FULL_RUN } from '../run';
import { measureLayout, type LayoutFinding } from './measure';
import { WIDTHS, closeDialog, type LayoutEntry, type Width } from './pages';

/** Where the layout check keeps a screenshot of each page, state and width (git-ignored). */
export const SHOTS = 'e2e/screenshots/layout';

/**
 * The run's widths (scripts/test-all.sh): the gate measures a phone and a laptop, without
 * screenshots; `npm run test:full` every width of WIDTHS, with a screenshot of each. A state that
 * exists only at some widths (the side menu's sheet) is measured at those of the run's it has, or
 * else at its narrowest.
 */
export const RUN_WIDTHS: readonly Width[] = FULL_RUN ? WIDTHS : [390, 1280];
export const runWidths = (own: readonly Width[] = WIDTHS): readonly Width[] => {
  const both = own.filter((w) => RUN_WIDTHS.includes(w));
  return both.length ? both : [own[0]!];
};

/**
 * axe in both themes (decision 070). The full run scans each page and state in light and dark at
 * 320, 390 and 1280 px; the gate in dark at 390 px, where the walks' own scans are light.
 */
const AXE_AT: readonly { width: Width; themes: readonly ('light' | 'dark')[] }[] = FULL_RUN
  ? [
      { width: 320, themes: ['light', 'dark'] },
      { width: 390, themes: ['light', 'dark'] },
      { width: 1280, themes: ['light', 'dark'] },
    ]
  : [{ width: 390, themes: ['dark'] }];

/** Two rendered frames: the layout after a resize or a click has been computed and painted. */
const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );

/** One line a person can act on: the page, the width, the element and what is wrong. */
export function describeFinding(where: string, width: number, f: LayoutFinding): string {
  return `${where} at ${width} px: ${f.kind}: ${f.path}${f.text ? ` "${f.text}"` : ''}: ${f.detail}`;
}

/** Measures what the page shows now at each width, keeping a screenshot of each. */
async function measureAt(page: Page, where: string, shot: string, widths: readonly Width[]) {
  const problems: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await settled(page);
    const findings = await page.evaluate(measureLayout, {});
    problems.push(...findings.map((f) => describeFinding(where, width, f)));
    const dialog = (await page.getByRole('dialog').count()) > 0;
    // A dialog is pictured as it is seen, over the window; a page from top to bottom.
    if (FULL_RUN)
      await page.screenshot({ path: `${SHOTS}/${shot}-${width}.png`, fullPage: !dialog });
    for (const theme of AXE_AT.find((a) => a.width === width)?.themes ?? []) {
      await page.emulateMedia({ colorScheme: theme });
      await settled(page);
      const found = await axeViolations(page);
      problems.push(...found.map((v) => `${where} at ${width} px in ${theme}: axe: ${v}`));
      if (FULL_RUN && theme === 'dark')
        await page.screenshot({ path: `${SHOTS}/${shot}-${width}-dark.png`, fullPage: !dialog });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
  return problems;
}

/**
 * Visits an entry of LAYOUT_PAGES and measures it, then each of its states, at the run's widths.
 * Returns every problem found (empty when the layout holds).
 */
export async function checkLayout(page: Page, entry: LayoutEntry, base = ''): Promise<string[]> {
  mkdirSync(SHOTS, { recursive: true });
  // Sections that fade in are simply shown (docs/product.md §2.12.2): no waiting on animations.
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
  await page.setViewportSize({ width: RUN_WIDTHS[0]!, height: 800 });
  await entry.visit(page, base);
  // Settles what the page still loads. Bounded: the framework can leave a prefetch of a link
  // unread for good (decision 024), and the layout is measured either way.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {
    test
      .info()
      .annotations.push({ type: 'settle', description: `${entry.page}: not idle in 15 s` });
  });
  const problems = await measureAt(page, entry.page, entry.id, RUN_WIDTHS);
  for (const state of entry.states ?? []) {
    const widths = runWidths(state.widths);
    await page.setViewportSize({ width: widths[0]!, height: 800 });
    await state.open(page);
    problems.push(
      ...(await measureAt(
        page,
        `${entry.page} + ${state.name}`,
        `${entry.id}--${state.name}`,
        widths,
      )),
    );
    await (state.close ?? closeDialog)(page);
  }
  return problems;
}
