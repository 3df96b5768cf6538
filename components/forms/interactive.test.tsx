/** @jest-environment jsdom */
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useState } from 'react';

function Form({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <form>
      <label>
        {label} <input name="email" />
      </label>
      <button type="button" onClick={() => setN(n + 1)}>
        Pressed {n}
      </button>
    </form>
  );
}

const fiberOf = (el: Element | null) =>
  !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));

test("the server's form stays as it was until the first reach, then hydrates with what was typed", async () => {
  const load = jest.fn(async () => Form);
  // The server's module: the component at once.
  const OnServer = (await import('./interactive')).interactive(Form, load);
  const html = renderToString(<OnServer label="Email" />);
  expect(html).toContain('name="email"');
  expect(html).not.toContain('<template');

  // The browser's: the component fetched when reached for.
  const browser = await import('./interactive');
  const { HydrationMark } = await import('./hydration-mark');
  const Interactive = browser.interactive(undefined, load);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const input = container.querySelector('input')!;
  input.value = 'early@creator.test';
  await act(async () => {
    hydrateRoot(
      container,
      <>
        <Interactive label="Email" />
        <HydrationMark />
      </>,
    );
  });
  await act(async () => new Promise((r) => setTimeout(r, 50)));
  // Not fetched, not hydrated, and the server's HTML kept (not an empty fallback).
  expect(load).not.toHaveBeenCalled();
  expect(container.querySelector('input')).toBe(input);
  expect(fiberOf(container.querySelector('button'))).toBe(false);

  await act(async () => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));
    await new Promise((r) => setTimeout(r, 50));
  });
  expect(load).toHaveBeenCalledTimes(1);
  expect(container.querySelector('input')).toBe(input);
  expect(input.value).toBe('early@creator.test');
  const button = container.querySelector('button')!;
  expect(fiberOf(button)).toBe(true);
  await act(async () => button.click());
  expect(button.textContent).toBe('Pressed 1');

  // After the first hydration, a form shown by a navigation loads at once.
  const later = document.createElement('div');
  document.body.append(later);
  const { createRoot } = await import('react-dom/client');
  const Later = browser.interactive(undefined, async () => Form);
  await act(async () => {
    createRoot(later).render(<Later label="Again" />);
    await new Promise((r) => setTimeout(r, 50));
  });
  expect(later.querySelector('input')).not.toBeNull();
});
