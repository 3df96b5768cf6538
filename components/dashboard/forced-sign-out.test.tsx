/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { ForcedSignOut } from './forced-sign-out';

// The sign-out itself asks the server (outside this process): a fetch that answers where to go.
const fetchMock = jest.fn(async () => new Response(JSON.stringify({ next: '/login' })));

let navigations: jest.SpyInstance;
beforeEach(() => {
  // jsdom performs no full page load; it reports the one asked for.
  navigations = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.useFakeTimers();
  global.fetch = fetchMock as unknown as typeof fetch;
  fetchMock.mockClear();
});
afterEach(() => jest.useRealTimers());

describe('ForcedSignOut', () => {
  it('shows why for the whole delay counted from the first frame on screen, then signs out', async () => {
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((f) => frames.push(f));
    render(<ForcedSignOut message="No account found with this username." delayMs={1000} />);
    // The dialog's code arrives first (decision 061): the count starts with the dialog shown.
    expect(
      await screen.findByRole('dialog', { name: 'No account found with this username.' }),
    ).toBeVisible();
    // Work after the mount holds the paint back: the count has not started.
    await act(async () => jest.advanceTimersByTime(1500));
    expect(fetchMock).not.toHaveBeenCalled();
    // The frame is painted; a second later, and not before, the sign-out starts.
    act(() => frames.splice(0).forEach((f) => f(performance.now())));
    await act(async () => jest.advanceTimersByTime(999));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(2));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-out', expect.anything());
    await act(async () => jest.runAllTimersAsync());
    expect(String(navigations.mock.calls[0]?.[0])).toMatch(/Not implemented: navigation/);
  });

  it('counts from the mount in a tab that is not shown, which paints nothing', async () => {
    const hidden = jest.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    const frame = jest.spyOn(window, 'requestAnimationFrame');
    render(<ForcedSignOut message="No account found with this username." delayMs={1000} />);
    await act(async () => jest.advanceTimersByTime(1001));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(frame).not.toHaveBeenCalled();
    hidden.mockRestore();
  });
});
