'use client';

import { useSyncExternalStore } from 'react';
import { formatDateTime } from '@/lib/format';

/** A time in the browser's own zone, with the zone's name ("Nov 27, 2026, 6:28 AM PST"). */
export function localDateTime(seconds: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(seconds * 1000));
}

const still = () => () => {};

/**
 * The server knows no one's time zone: it renders UTC, and the browser shows its own zone once it
 * runs (the server's text during hydration, so the two agree).
 */
export function LocalTime({ seconds }: { seconds: number }) {
  const text = useSyncExternalStore(
    still,
    () => localDateTime(seconds),
    () => formatDateTime(seconds),
  );
  return <time dateTime={new Date(seconds * 1000).toISOString()}>{text}</time>;
}
