import { localDateTime } from './local-time';

describe('local times', () => {
  const at = Date.UTC(2026, 10, 27, 14, 28) / 1000;

  it('shows a time in the zone asked for, with its name', () => {
    expect(localDateTime(at, 'America/Los_Angeles')).toBe('Nov 27, 2026, 6:28 AM PST');
    expect(localDateTime(at, 'UTC')).toBe('Nov 27, 2026, 2:28 PM UTC');
  });

  it('follows summer time', () => {
    expect(localDateTime(Date.UTC(2026, 6, 1, 12, 0) / 1000, 'America/New_York')).toBe(
      'Jul 1, 2026, 8:00 AM EDT',
    );
  });
});
