// A page as a person on a phone meets it, observed in Chromium rather than simulated: Lighthouse's
// mobile profile applied for real (CPU 4x slower; 1.6 Mbit/s down, 750 kbit/s up, 150 ms round
// trip), a cold cache (a new browser context per load), the median of --runs loads.
//   paint   first contentful paint
//   lcp     largest contentful paint
//   usable  when the page's form first handles a submit itself (its own code cancels the event):
//           before then a press of the button does nothing the page's code means
export const PROFILE = {
  cpu: 4,
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * Installed before the page's own scripts: paints as the browser reports them, and a probe that
 * sends the first form a synthetic submit every 50 ms (no navigation, no constraint check) until
 * the page's code cancels one.
 */
function probe() {
  const w = window;
  w.__observed = { paint: null, lcp: null, usable: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name === 'first-contentful-paint') w.__observed.paint = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (last) w.__observed.lcp = last.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const timer = setInterval(() => {
    const form = document.querySelector('form');
    if (!form) return;
    const handled = !form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    if (handled) {
      w.__observed.usable = performance.now();
      clearInterval(timer);
    }
  }, 50);
}

/** One cold load of `url` under the profile; its three figures in ms. */
async function once(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PROFILE.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });
  await page.addInitScript(probe);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => window.__observed?.usable !== null, null, {
      timeout: 60_000,
      polling: 100,
    });
    // LCP settles at the first input or when the page is hidden; by "usable" it has.
    return await page.evaluate(() => ({ ...window.__observed }));
  } finally {
    await context.close();
  }
}

/** Medians of `runs` cold loads of each page, alternating between them so drift hits both. */
export async function observe(browser, pages, runs = 9) {
  const seen = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  for (let i = 0; i < runs; i++)
    for (const [name, url] of Object.entries(pages)) seen[name].push(await once(browser, url));
  const figures = {};
  for (const [name, loads] of Object.entries(seen))
    figures[name] = Object.fromEntries(
      ['paint', 'lcp', 'usable'].map((k) => [k, Math.round(median(loads.map((l) => l[k])))]),
    );
  return { profile: PROFILE, runs, figures };
}
