// The creator's journey on a phone, in Chromium with the mobile profile applied for real (CPU 4x,
// 1.6 Mbit/s, 150 ms; bench/observed.mjs), a cold cache each time, 390 px:
//   signin   from opening /login to the dashboard's first figure inside the frame, the typing done
//            as soon as the fields show
//   profile  from opening /profile (signed in, nothing cached) to the first Edit opening its dialog,
//            pressed again every 250 ms as a person would until it does
// beside the reference carried into the same journey (bench/reference-journey.mjs): Amplify's
// sign-in by SRP against the same pool, the embed token by its server, then the same frame; and
// when its sign-in button first works on its own page (observed.mjs's "usable").
import { PROFILE, observe } from './observed.mjs';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function throttled(browser, storageState) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    ...(storageState ? { storageState } : {}),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', PROFILE.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });
  return { context, page };
}

/** The first figure of the analytics frame, shown. */
async function firstFigure(page, embedOrigin) {
  const until = Date.now() + 90_000;
  for (;;) {
    for (const frame of page.frames())
      if (frame.url().startsWith(`${embedOrigin}/dash`)) {
        const shown = await frame
          .locator('.kpi .value')
          .first()
          .isVisible()
          .catch(() => false);
        if (shown) return;
      }
    if (Date.now() > until) throw new Error('no figure in the frame after 90 s');
    await page.waitForTimeout(20);
  }
}

/** Opening `url`, the fields filled as they show, the button pressed, to the frame's figure. */
async function signInJourney(browser, { url, button, account, embedOrigin }) {
  const { context, page } = await throttled(browser);
  try {
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit', timeout: 90_000 });
    const email = page.getByLabel('Email', { exact: true });
    await email.waitFor({ timeout: 90_000 });
    await email.fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: button, exact: true }).click();
    await firstFigure(page, embedOrigin);
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

/** A signed-in /profile opened cold, to the first Edit's dialog. */
async function profileJourney(browser, { base, storageState }) {
  const { context, page } = await throttled(browser, storageState);
  try {
    const started = performance.now();
    await page.goto(`${base}/profile`, { waitUntil: 'commit', timeout: 90_000 });
    const edit = page.getByRole('button', { name: /^Edit/ }).first();
    await edit.waitFor({ timeout: 90_000 });
    const dialog = page.getByRole('dialog');
    for (;;) {
      // Once a press has opened it (its code may still be arriving), the dialog covers Edit.
      if (await dialog.isVisible()) break;
      await edit.click({ timeout: 1000 }).catch(() => undefined);
      const opened = await dialog
        .waitFor({ timeout: 250 })
        .then(() => true)
        .catch(() => false);
      if (opened) break;
      if (performance.now() - started > 90_000) throw new Error('Edit opened nothing in 90 s');
    }
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

/** The session a browser holds after signing in with `account`, unthrottled. */
async function signedIn(browser, base, account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${base}/`);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Medians of `runs` of each journey, ours and the reference's alternating so drift hits both.
 * `reference` is the journey's reference URL, or null when its sources are not here.
 */
export async function journeys(browser, { base, reference, account, embedOrigin, runs = 5 }) {
  const seen = { signin: [], profile: [], referenceSignin: [] };
  // One unmeasured pass each: the server's first compile of each route and the pool's caches.
  await signInJourney(browser, { url: `${base}/login`, button: 'Sign In', account, embedOrigin });
  if (reference)
    await signInJourney(browser, { url: reference, button: 'Sign in', account, embedOrigin });
  for (let i = 0; i < runs; i++) {
    seen.signin.push(
      await signInJourney(browser, {
        url: `${base}/login`,
        button: 'Sign In',
        account,
        embedOrigin,
      }),
    );
    if (reference)
      seen.referenceSignin.push(
        await signInJourney(browser, { url: reference, button: 'Sign in', account, embedOrigin }),
      );
    const storageState = await signedIn(browser, base, account);
    seen.profile.push(await profileJourney(browser, { base, storageState }));
  }
  const usable = reference ? (await observe(browser, { reference }, runs)).figures.reference : null;
  const m = (xs) => (xs.length ? Math.round(median(xs)) : null);
  const figures = {
    signinMs: m(seen.signin),
    profileEditMs: m(seen.profile),
    referenceSigninMs: m(seen.referenceSignin),
    referenceUsableMs: usable?.usable ?? null,
  };
  return {
    profile: PROFILE,
    runs,
    figures,
    ratios: {
      signin: figures.referenceSigninMs
        ? +(figures.signinMs / figures.referenceSigninMs).toFixed(2)
        : null,
      profileEditToReferenceUsable: figures.referenceUsableMs
        ? +(figures.profileEditMs / figures.referenceUsableMs).toFixed(2)
        : null,
    },
    samples: Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, v.map(Math.round)])),
  };
}
