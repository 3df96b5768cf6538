/** @jest-environment jsdom */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { THEME_KEY, THEME_SCRIPT, THEME_SCRIPT_HASH } from './theme';

describe('the theme script', () => {
  it('is allowed by the hash the CSP names', () => {
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(THEME_SCRIPT_HASH).toBe(`sha256-${hash}`);
  });

  it("sets <html data-theme> from this browser's choice, and clears it for the system's", () => {
    document.documentElement.removeAttribute('data-theme');
    localStorage.setItem(THEME_KEY, 'dark');
    new Function(THEME_SCRIPT)();
    expect(document.documentElement.dataset.theme).toBe('dark');
    localStorage.setItem(THEME_KEY, 'nonsense');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
    localStorage.setItem(THEME_KEY, 'light');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY }));
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});

describe('the two themes in app/globals.css', () => {
  const css = readFileSync('app/globals.css', 'utf8');
  const block = (selector: string) => {
    const at = css.indexOf(`${selector} {`);
    expect(at).toBeGreaterThan(-1);
    const body = css.slice(css.indexOf('{', at) + 1, css.indexOf('}', at));
    return Object.fromEntries(
      body
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => d.split(':').map((p) => p.trim())),
    );
  };

  it('the chosen Dark is the same as the system dark, and sets every colour the light one does', () => {
    const light = block(':root');
    const systemDark = block(":root:not([data-theme='light'])");
    const chosenDark = block(":root[data-theme='dark']");
    expect(chosenDark).toEqual(systemDark);
    expect(Object.keys(systemDark).sort()).toEqual(Object.keys(light).sort());
    expect(systemDark['color-scheme']).toBe('dark');
  });
});
