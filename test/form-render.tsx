import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import type { ReactNode } from 'react';

/**
 * The form hooks' render set-up (jsdom): a stand-in app router, the six code boxes, and clicks and
 * typing inside an async act (after a submit, the form checks a changed field again
 * asynchronously). Clear the router's mocks between tests (`jest.clearAllMocks()`).
 */

/** The app router the hooks see; each method is a jest.fn(). */
export const router = {
  back: jest.fn(),
  forward: jest.fn(),
  refresh: jest.fn(),
  push: jest.fn(),
  replace: jest.fn(),
  prefetch: jest.fn(),
  bfcacheId: 'test',
};

/** Renders `ui` inside the stand-in router. */
export function renderWithRouter(ui: ReactNode) {
  return render(<AppRouterContext.Provider value={router}>{ui}</AppRouterContext.Provider>);
}

/** The rendered six code boxes of the group `label`: one box by number, and typing into them. */
export function codeBoxes(label = 'Verification code') {
  const codes = screen.getByRole('group', { name: label });
  const box = (i: number) =>
    within(codes).getByRole('textbox', { name: `Digit ${i} of 6` }) as HTMLInputElement;
  const type = (digits: string) =>
    act(async () =>
      digits.split('').forEach((d, i) => fireEvent.change(box(i + 1), { target: { value: d } })),
    );
  return { box, type };
}

/** Clicks the button named `name`. */
export const click = (name: string) =>
  act(async () => fireEvent.click(screen.getByRole('button', { name })));
