/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { PendingLink } from './pending-link';

describe('PendingLink', () => {
  // jsdom does not navigate: the first click's default is stopped here, after the link saw it.
  const stopNavigation = (e: Event) => e.preventDefault();
  beforeEach(() => document.addEventListener('click', stopNavigation));
  afterEach(() => document.removeEventListener('click', stopNavigation));

  it('waits after the first click, refuses a second, and is usable again when Back restores the page', () => {
    render(
      <PendingLink href="/api/auth/google" className="link" icon={<span data-testid="icon" />}>
        Continue with Google
      </PendingLink>,
    );
    const link = screen.getByRole('link', { name: 'Continue with Google' });
    expect(link).toHaveAttribute('href', '/api/auth/google');
    expect(link).not.toHaveAttribute('aria-busy');
    expect(screen.getByTestId('icon')).toBeInTheDocument();

    expect(fireEvent.click(link)).toBe(false);
    expect(link).toHaveAttribute('aria-busy', 'true');
    expect(link).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByTestId('icon')).toBeNull();

    // A second click is stopped by the link itself, before the document sees it.
    document.removeEventListener('click', stopNavigation);
    const second = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(true);

    // A restore from the back-forward cache; a fresh load (persisted false) changes nothing.
    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    });
    expect(link).toHaveAttribute('aria-busy', 'true');
    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    expect(link).not.toHaveAttribute('aria-busy');
    expect(screen.getByTestId('icon')).toBeInTheDocument();
  });
});
