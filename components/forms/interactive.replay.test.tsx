/** @jest-environment jsdom */
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useState, type ComponentType } from 'react';
import { HydrationMark } from './hydration-mark';
import { interactive } from './interactive';

function Form() {
  const [n, setN] = useState(0);
  return (
    <form>
      <button type="button" onClick={() => setN(n + 1)}>
        Pressed {n}
      </button>
    </form>
  );
}

test('a plain button pressed before the code arrived is pressed once it has hydrated, once', async () => {
  const OnServer = interactive<object>(Form, async () => Form);
  const html = renderToString(<OnServer />);
  let arrive!: (c: ComponentType) => void;
  const Interactive = interactive<object>(
    undefined,
    () => new Promise<ComponentType<object>>((r) => (arrive = r)),
  );
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  await act(async () => {
    hydrateRoot(
      container,
      <>
        <Interactive />
        <HydrationMark />
      </>,
    );
  });
  const button = container.querySelector('button')!;
  // The press is the first reach: the code starts to load, and the press itself is not lost.
  await act(async () => {
    button.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    button.click();
    await new Promise((r) => setTimeout(r, 20));
  });
  expect(button.textContent).toBe('Pressed 0');
  await act(async () => {
    arrive(Form);
    await new Promise((r) => setTimeout(r, 50));
  });
  expect(container.querySelector('button')).toBe(button);
  expect(button.textContent).toBe('Pressed 1');
  // After that, a press is React's own, counted once.
  await act(async () => button.click());
  expect(button.textContent).toBe('Pressed 2');
});
