import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { e2ePorts } from './ports';

const ports = e2ePorts();
export const IDENTITY = `http://127.0.0.1:${ports.identity}`;
export const CREATOR_API = `http://127.0.0.1:${ports.creator}`;
export const EMBED = `http://127.0.0.1:${ports.embed}`;

export const DEMO = { email: 'demo@creator.test', password: 'Demo!2345' } as const;
export const STRONG_PASSWORD = 'Sunny!Day42';

export type OutboxEntry = {
  to: string;
  channel: 'email' | 'sms';
  purpose: 'signup' | 'forgot-password' | 'verify-email' | 'verify-phone' | 'invite';
  code: string;
  sentAt: string;
};

export function uniqueEmail(prefix = 'creator') {
  return `${prefix}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@creator.test`;
}

/** Adds a creator to the creator system (the factory of design §4). */
export async function createCreator(email = uniqueEmail()) {
  const res = await fetch(`${CREATOR_API}/__local/creators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(res.ok, `creator factory answered ${res.status}`).toBeTruthy();
  return (await res.json()) as { id: string; email: string };
}

export async function setFault(route: 'search' | 'embed_token', mode: 'error' | 'slow' | 'off') {
  const res = await fetch(`${CREATOR_API}/__local/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ route, mode }),
  });
  expect(res.ok).toBeTruthy();
}

export async function readOutbox(to: string): Promise<OutboxEntry[]> {
  const res = await fetch(`${IDENTITY}/__local/outbox?to=${encodeURIComponent(to)}`);
  expect(res.ok).toBeTruthy();
  return (await res.json()) as OutboxEntry[];
}

/** Waits for a code sent to `to` for `purpose` after `since` (ms epoch) and returns it. */
export async function waitForCode(to: string, purpose: OutboxEntry['purpose'], since = 0) {
  let found: OutboxEntry | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(to)).find(
          (e) => e.purpose === purpose && Date.parse(e.sentAt) >= since - 1000,
        );
        return found?.code ?? null;
      },
      { message: `a ${purpose} code for ${to}`, timeout: 10_000 },
    )
    .not.toBeNull();
  return found!.code;
}

/** axe: 0 violations (WCAG 2.x A/AA and best practices) on what the page shows now. */
export async function expectAccessible(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, 'axe violations').toEqual([]);
}

/** Screenshots go to e2e/screenshots/ so people can look at what users see. */
export async function snap(page: Page, name: string) {
  mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

export const test = base;
export { expect };
