/** Demo figures, deterministic for a creator and a dashboard path. */
export type Figures = {
  views: number;
  watchHours: number;
  subscribers: number;
  revenue: number;
  /** Percent change against the previous period, per figure. */
  change: { views: number; watchHours: number; subscribers: number; revenue: number };
  /** Daily views, oldest first (14 days). */
  daily: { views: number; watchHours: number; revenue: number }[];
};

/** FNV-1a: a stable 32-bit seed from text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for demo numbers. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function demoFigures(channelId: string, path: string): Figures {
  const rand = prng(hash(`${channelId}|${path}`));
  const between = (lo: number, hi: number) => lo + rand() * (hi - lo);

  const baseDaily = Math.round(between(800, 60_000));
  const minutesPerView = between(1.5, 7);
  const rpm = between(1.2, 6.5); // revenue per 1000 views, USD
  const trend = between(-0.02, 0.04);
  const daily = Array.from({ length: 14 }, (_, i) => {
    const views = Math.max(0, Math.round(baseDaily * (1 + trend * (i - 7)) * between(0.7, 1.3)));
    return {
      views,
      watchHours: round1((views * minutesPerView) / 60),
      revenue: Math.round(views * rpm * 0.1) / 100,
    };
  });

  const views = Math.round(baseDaily * 28 * between(0.9, 1.1));
  return {
    views,
    watchHours: Math.round((views * minutesPerView) / 60),
    subscribers: Math.round(between(1_200, 480_000)),
    revenue: Math.round(views * rpm * 0.1) / 100,
    change: {
      views: round1(between(-15, 35)),
      watchHours: round1(between(-15, 35)),
      subscribers: round1(between(-3, 12)),
      revenue: round1(between(-15, 35)),
    },
    daily,
  };
}
