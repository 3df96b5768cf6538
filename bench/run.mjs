#!/usr/bin/env node
// npm run bench — what users feel, measured on the local stack.
//
//   node bench/run.mjs [--only observed,journey,lighthouse,weight,signin,server,load] [--runs 5]
//                      [--signins 10] [--journeys 5] [--seconds 10] [--users 200]
//   node bench/run.mjs --report   (results.md again from results.json, after bench/levers.md changed)
//
// Starts the whole local stack itself (own build folder and ports), then measures:
//   observed    /login and the reference's sign-in page in Chromium under the mobile profile applied
//               for real (bench/observed.mjs): first paint, LCP and when the form is usable,
//               medians of --observed loads (9), alternating
//   journey     the creator's journey under the same profile (bench/journey.mjs): /login to the
//               frame's first figure, /profile to the first Edit's dialog, beside the reference
//               carried into the same journey (bench/reference-journey.mjs), medians of --journeys
//   lighthouse  Lighthouse mobile, median of --runs, via bench/lighthouse.mjs, on our public pages
//               and, in the same run, on the reference (bench/reference.mjs: the sign-in page a
//               Cognito team would ship instead, built here and served precompressed)
//   weight      JS and CSS bytes (raw and gzip) each route loads, summed in Chromium
//   signin      clicking 'Sign In' -> the embedded frame's load event, median of --signins
//   server      autocannon, 50 connections for --seconds each: /creatorcash?<base64>, the same
//               variant by its internal path, /login, /api/embed-token with a session, and the
//               same creatorcash HTML from a bare node:http server (the ceiling)
//   load        --users creators signing in at once (bench/load.mjs), sign-in p95
// and then the goals of docs/architecture.md §6 and issue 20, each with its figure, the
// reference's where there is one, and whether it is met.
// Writes bench/results.json and bench/results.md. Medians and ratios, not single runs: the machine
// is shared and noisy, so compare figures from the same run.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { journeys } from './journey.mjs';
import { observe } from './observed.mjs';
import { serveReferenceJourney } from './reference-journey.mjs';
import { prepareReference, referenceAvailable, serveReference } from './reference.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORTS = {
  web: 3800,
  identity: 9129,
  creator: 9130,
  embed: 9131,
  ceiling: 3801,
  reference: 3802,
};
const BASE = `http://localhost:${PORTS.web}`;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const DEMO = { email: 'demo@creator.test', password: 'Demo!2345' };
const b64 = (s) => Buffer.from(s).toString('base64');
const CAMPAIGN = `/creatorcash?${b64('variant=v2')}`;

function args(argv) {
  const o = {
    only: ['observed', 'journey', 'lighthouse', 'weight', 'signin', 'server', 'load'],
    runs: 5,
    observed: 9,
    signins: 10,
    journeys: 5,
    seconds: 10,
    users: 200,
  };
  for (let i = 0; i < argv.length; i += 2) {
    const [k, v = ''] = [argv[i], argv[i + 1]];
    if (k === '--report') {
      o.report = true;
      i -= 1; // a flag without a value
    } else if (k === '--only') o.only = v.split(',');
    else if (k === '--runs') o.runs = Number(v);
    else if (k === '--observed') o.observed = Number(v);
    else if (k === '--signins') o.signins = Number(v);
    else if (k === '--journeys') o.journeys = Number(v);
    else if (k === '--seconds') o.seconds = Number(v);
    else if (k === '--users') o.users = Number(v);
    else throw new Error(`unknown option ${k}`);
  }
  return o;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function startStack() {
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: '.next-bench',
    PORT: String(PORTS.web),
    LOCAL_IDENTITY_PORT: String(PORTS.identity),
    LOCAL_CREATOR_PORT: String(PORTS.creator),
    LOCAL_EMBED_PORT: String(PORTS.embed),
    LOCAL_DATA_DIR: '.data/bench-stack',
    // One address signs in many times here; the limits are for people, not this script.
    RATE_LIMIT_SCALE: '1000',
    // The lenient pool: load signs one account up and in many times, past Cognito's code quota.
    IDENTITY_PRESET: 'lenient',
  };
  await new Promise((resolve, reject) => {
    const reset = spawn(process.execPath, ['scripts/local-reset.mjs'], {
      cwd: root,
      env,
      stdio: 'ignore',
    });
    reset.on('exit', (c) => (c === 0 ? resolve() : reject(new Error('local-reset failed'))));
  });
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const until = Date.now() + 300_000;
  while (!out.includes('Press Ctrl-C to stop.')) {
    if (child.exitCode !== null) throw new Error(`the stack did not start:\n${out}`);
    if (Date.now() > until) throw new Error('the stack took over 5 minutes to start');
    await new Promise((r) => setTimeout(r, 250));
  }
  child.stdout.resume();
  return () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
  };
}

async function lighthouse(runs, base = BASE, paths = [], name = 'lighthouse') {
  const out = path.join(root, `.data/bench/${name}.json`);
  await new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      ['bench/lighthouse.mjs', '--base', base, '--runs', String(runs), '--out', out, ...paths],
      { cwd: root, stdio: 'inherit' },
    );
    p.on('exit', (c) => (c === 0 ? resolve() : reject(new Error(`lighthouse exited ${c}`))));
  });
  return JSON.parse(readFileSync(out, 'utf8'));
}

/** The reference measured with the same Lighthouse pipeline, right after our pages. */
async function reference(runs) {
  const available = referenceAvailable();
  if (!available.ok) {
    console.log(`Reference skipped: ${available.why}`);
    return { status: 'missing', reason: available.why };
  }
  const prepared = prepareReference((line) => console.log(line));
  const stop = await serveReference(prepared.dist, PORTS.reference);
  try {
    const lh = await lighthouse(runs, `http://127.0.0.1:${PORTS.reference}`, ['/'], 'reference');
    return { status: 'measured', versions: prepared.versions, lighthouse: lh.results[0] };
  } finally {
    await stop();
  }
}

/** Our sign-in page and the reference's, observed side by side in the same browser. */
async function observed(browser, runs) {
  const available = referenceAvailable();
  const pages = { login: `${BASE}/login` };
  let stop = null;
  if (available.ok) {
    const prepared = prepareReference((line) => console.log(line));
    stop = await serveReference(prepared.dist, PORTS.reference);
    pages.reference = `http://127.0.0.1:${PORTS.reference}/`;
  } else console.log(`Reference skipped in the observed run: ${available.why}`);
  try {
    return await observe(browser, pages, runs);
  } finally {
    await stop?.();
  }
}

/** The creator's two journeys, ours and the reference's carried into the same one, in one run. */
async function journey(browser, runs) {
  const available = referenceAvailable();
  let stop = null;
  let reference = null;
  if (available.ok) {
    stop = await serveReferenceJourney(PORTS.reference, PORTS, (line) => console.log(line));
    reference = `http://127.0.0.1:${PORTS.reference}/`;
  } else console.log(`Reference skipped in the journey: ${available.why}`);
  try {
    return await journeys(browser, {
      base: BASE,
      reference,
      account: DEMO,
      embedOrigin: `http://127.0.0.1:${PORTS.embed}`,
      runs,
    });
  } finally {
    await stop?.();
  }
}

/** --users creators signing in at once, through bench/load.mjs (its own stack and ports). */
async function load(users) {
  const started = new Date().toISOString();
  await new Promise((resolve) => {
    const p = spawn(process.execPath, ['bench/load.mjs', '--users', String(users)], {
      cwd: root,
      stdio: 'inherit',
    });
    p.on('exit', resolve);
  });
  const r = JSON.parse(readFileSync(path.join(root, 'bench/results/load.json'), 'utf8'));
  // load.mjs exits 1 when a creator saw an error, and still writes its figures; a run that wrote
  // none leaves an older file behind, which is not this run's.
  if (!(r.when >= started)) throw new Error('bench/load.mjs wrote no figures in this run');
  return { users: r.users, errors: r.errors, leaks: r.crossUserLeaks, latencyMs: r.latencyMs };
}

async function signIn(page) {
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email', { exact: true }).fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${BASE}/`);
}

/** Sums the JS and CSS each route loads, raw and gzip, as a first visit sees it. */
async function pageWeight(browser) {
  const routes = [
    ['/login', false],
    ['/register', false],
    ['/forgot-password', false],
    ...['v1', 'v2', 'v3'].map((v) => [`/creatorcash?${b64(`variant=${v}`)}`, false]),
    ['/', true],
    ['/profile', true],
  ];
  const results = [];
  for (const [route, signedIn] of routes) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (signedIn) {
      await signIn(page);
      // A first visit: nothing the sign-in's pages loaded comes from the cache.
      await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    }
    const seen = new Map();
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if ((type !== 'script' && type !== 'stylesheet') || !res.url().startsWith(BASE)) return;
      try {
        const body = await res.body();
        // What came over the wire (as served) and what gzip -9 makes
        // of the file: the second compares builds whatever the server does.
        const { responseBodySize: sent } = await res.request().sizes();
        seen.set(res.url(), {
          type,
          raw: body.length,
          sent,
          gzip: gzipSync(body, { level: 9 }).length,
        });
      } catch {
        /* navigated away */
      }
    });
    await page.goto(`${BASE}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const files = [...seen.entries()].map(([url, v]) => ({
      file: new URL(url).pathname.split('/').pop(),
      ...v,
    }));
    const sum = (t, k) => files.filter((f) => f.type === t).reduce((a, f) => a + f[k], 0);
    const largest = files
      .filter((f) => f.type === 'script')
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 3);
    results.push({
      route: route.startsWith('/creatorcash')
        ? `/creatorcash (${Buffer.from(route.split('?')[1], 'base64').toString().split('=')[1]})`
        : route,
      jsRaw: sum('script', 'raw'),
      jsGzip: sum('script', 'gzip'),
      jsSent: sum('script', 'sent'),
      cssRaw: sum('stylesheet', 'raw'),
      cssGzip: sum('stylesheet', 'gzip'),
      scripts: files.filter((f) => f.type === 'script').length,
      largest,
    });
    await context.close();
  }
  return results;
}

/** Click 'Sign In' -> the embedded dashboard frame has fired its load event. */
async function signInToDashboard(browser, n) {
  const times = [];
  for (let i = 0; i <= n; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Email', { exact: true }).fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    const frameLoaded = new Promise((resolve) => {
      page.on('framenavigated', (frame) => {
        if (
          frame !== page.mainFrame() &&
          frame.url().startsWith(`http://127.0.0.1:${PORTS.embed}/dash`)
        ) {
          frame.waitForLoadState('load').then(resolve);
        }
      });
    });
    const started = performance.now();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await frameLoaded;
    const ms = performance.now() - started;
    if (i > 0) times.push(ms); // the first run warms the server's caches
    await context.close();
  }
  return { runs: times.map((t) => Math.round(t)), medianMs: Math.round(median(times)) };
}

function cannon(url, seconds, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration: seconds, headers }, (err, r) => {
      if (err) return reject(err);
      resolve({
        requestsPerSec: Math.round(r.requests.average),
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
    });
  });
}

/**
 * The session cookies a browser holds right after signing in. Taken just before the token run: a
 * browser stores what each answer sets, so the guard's once-a-minute rewrite of the session cookie
 * happens once per minute for it, not on every request as it would for a cookie kept past that.
 */
async function sessionCookie(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  const cookie = (await context.cookies())
    .filter((c) => c.name.startsWith('cd_'))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  await context.close();
  return cookie;
}

async function server(browser, seconds) {
  const html = await (await fetch(`${BASE}${CAMPAIGN}`)).text();
  const ceiling = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise((r) => ceiling.listen(PORTS.ceiling, '127.0.0.1', r));
  try {
    const rows = {};
    rows.ceiling = await cannon(`http://127.0.0.1:${PORTS.ceiling}/`, seconds);
    rows.campaign = await cannon(`${BASE}${CAMPAIGN}`, seconds);
    rows.internal = await cannon(`${BASE}/creatorcash/v2`, seconds);
    rows.login = await cannon(`${BASE}/login`, seconds);
    rows.register = await cannon(`${BASE}/register`, seconds);
    rows.forgotPassword = await cannon(`${BASE}/forgot-password`, seconds);
    rows.embedToken = await cannon(`${BASE}/api/embed-token`, seconds, {
      cookie: await sessionCookie(browser),
    });
    rows.decodeRatio = Number(
      (rows.campaign.requestsPerSec / rows.internal.requestsPerSec).toFixed(3),
    );
    rows.ceilingShare = Number(
      (rows.internal.requestsPerSec / rows.ceiling.requestsPerSec).toFixed(3),
    );
    return rows;
  } finally {
    ceiling.close();
  }
}

const KIB = 1024;
const kib = (n) => `${(n / KIB).toFixed(1)} KiB`;
const fmtMs = (n) => `${Math.round(n).toLocaleString('en-US')} ms`;
const pageName = (p) =>
  p.startsWith('/creatorcash?')
    ? `/creatorcash (${Buffer.from(p.split('?')[1], 'base64').toString().split('=')[1]})`
    : p;

/**
 * The performance goals (issue 20; docs/architecture.md §6), each with our figure, the
 * reference's where it has one, and whether it is met. Only what this run measured is judged.
 */
function goals(r) {
  const rows = [];
  const seen = r.observed?.figures;
  if (seen?.login && seen.reference) {
    const ratio = (k, most, what) =>
      rows.push({
        key: `observed-${k}`,
        goal: `/login ${what} at most ${most}x the reference (real Chromium, mobile profile)`,
        ours: `${fmtMs(seen.login[k])} (${(seen.login[k] / seen.reference[k]).toFixed(2)}x)`,
        reference: fmtMs(seen.reference[k]),
        met: seen.login[k] <= most * seen.reference[k],
      });
    ratio('paint', 0.35, 'first paint');
    ratio('usable', 0.6, 'usable form');
  }
  const j = r.journey?.figures;
  if (j?.referenceSigninMs)
    rows.push({
      key: 'journey-signin',
      goal: 'Opening /login to the first figure in the frame at most 0.5x the reference (phone, real Chromium)',
      ours: `${fmtMs(j.signinMs)} (${r.journey.ratios.signin}x)`,
      reference: fmtMs(j.referenceSigninMs),
      met: j.signinMs <= 0.5 * j.referenceSigninMs,
    });
  if (j?.referenceUsableMs)
    rows.push({
      key: 'journey-profile',
      goal: "Opening /profile to the first Edit's dialog no later than the reference's sign-in button works",
      ours: `${fmtMs(j.profileEditMs)} (${r.journey.ratios.profileEditToReferenceUsable}x)`,
      reference: fmtMs(j.referenceUsableMs),
      met: j.profileEditMs <= j.referenceUsableMs,
    });
  if (r.signin)
    rows.push({
      key: 'signin',
      goal: 'Sign In -> the dashboard frame loaded, median at most 600 ms (unthrottled)',
      ours: fmtMs(r.signin.medianMs),
      reference: '–',
      met: r.signin.medianMs <= 600,
    });
  const pages = r.lighthouse?.results ?? [];
  const ref = r.reference?.lighthouse?.median;
  const refScores = ref ? Object.values(ref.scores).join(' / ') : '–';
  for (const p of pages) {
    const scores = p.median ? Object.values(p.median.scores) : [];
    rows.push({
      key: 'lighthouse',
      goal: `Lighthouse mobile 95 or more in all four categories (a guard): ${pageName(p.path)}`,
      ours: p.median ? scores.join(' / ') : p.status,
      reference: refScores,
      met: scores.length === 4 && scores.every((x) => x >= 95),
    });
  }
  const login = pages.find((p) => p.path === '/login')?.median;
  if (login && ref)
    rows.push({
      key: 'lcp',
      goal: '/login LCP at most 0.5x the reference',
      ours: `${fmtMs(login.lcpMs)} (${(login.lcpMs / ref.lcpMs).toFixed(2)}x)`,
      reference: fmtMs(ref.lcpMs),
      met: login.lcpMs <= 0.5 * ref.lcpMs,
    });
  if (login)
    rows.push({
      key: 'script',
      goal: '/login script transfer at most 159 KiB',
      ours: kib(login.scriptBytes),
      reference: ref ? kib(ref.scriptBytes) : '–',
      met: login.scriptBytes <= 159 * KIB,
    });
  if (r.load) {
    const p95 = r.load.latencyMs?.signin?.p95;
    rows.push({
      key: 'load',
      goal: `${r.load.users} creators signing in at once: sign-in p95 under 2 s, no error`,
      ours: `${p95 === undefined ? '–' : fmtMs(p95)}, ${r.load.errors} errors, ${r.load.leaks} leaks`,
      reference: '–',
      met: p95 !== undefined && p95 < 2000 && r.load.errors === 0 && r.load.leaks === 0,
    });
  }
  return rows;
}

/**
 * For each goal this run did not meet, what was tried and measured: its section of
 * bench/levers.md (kept by hand, one `## <key>` section per kind of goal), so results.md stands
 * alone. A goal without a section says so.
 */
function tried(judged) {
  const keys = [...new Set(judged.filter((g) => !g.met).map((g) => g.key))];
  if (!keys.length) return [];
  let text = '';
  try {
    text = readFileSync(path.join(root, 'bench/levers.md'), 'utf8');
  } catch {
    // No log of levers: every unmet goal says so below.
  }
  const sections = new Map(
    text
      .split(/^## /m)
      .slice(1)
      .map((part) => {
        const [head, ...body] = part.split('\n');
        return [head.trim().split(/\s/)[0], { head: head.trim(), body: body.join('\n').trim() }];
      }),
  );
  const lines = ['## What was tried for the goals not met', ''];
  for (const key of keys) {
    const section = sections.get(key);
    lines.push(
      `### ${section ? section.head.slice(key.length).replace(/^[\s:—-]+/, '') || key : key}`,
      '',
      section ? section.body : 'Nothing recorded in bench/levers.md yet.',
      '',
    );
  }
  return lines;
}

function markdown(r) {
  const lines = [`# Benchmark results`, '', `Measured ${r.at} on ${r.machine}.`, ''];
  if (r.observed) {
    const { cpu, network } = r.observed.profile;
    lines.push(
      `## Observed in Chromium (median of ${r.observed.runs} cold loads; CPU ${cpu}x slower, ${network.latency} ms, ${((network.downloadThroughput * 8) / 1024 / 1024).toFixed(1)} Mbit/s)`,
      '',
      '| page | first paint ms | LCP ms | usable ms |',
      '|---|---|---|---|',
      ...Object.entries(r.observed.figures).map(
        ([name, f]) =>
          `| ${name === 'login' ? '/login' : 'reference (Authenticator)'} | ${f.paint} | ${f.lcp} | ${f.usable} |`,
      ),
      '',
    );
  }
  if (r.journey) {
    const f = r.journey.figures;
    lines.push(
      `## The creator's journey (median of ${r.journey.runs}; the same profile, a cold cache each time)`,
      '',
      '| journey | ours ms | reference ms | ratio |',
      '|---|---|---|---|',
      `| /login opened → the frame's first figure | ${f.signinMs} | ${f.referenceSigninMs ?? '–'} | ${r.journey.ratios.signin ?? '–'} |`,
      `| /profile opened → the first Edit's dialog (reference: its sign-in button works) | ${f.profileEditMs} | ${f.referenceUsableMs ?? '–'} | ${r.journey.ratios.profileEditToReferenceUsable ?? '–'} |`,
      '',
    );
  }
  if (r.failed?.length)
    lines.push('Parts that failed in this run:', '', ...r.failed.map((f) => `- ${f}`), '');
  const judged = goals(r);
  if (judged.length) {
    lines.push(
      '## Goals',
      '',
      `${judged.filter((g) => g.met).length} of ${judged.length} met in this run.`,
      '',
      '| goal | ours | reference | met |',
      '|---|---|---|---|',
      ...judged.map((g) => `| ${g.goal} | ${g.ours} | ${g.reference} | ${g.met ? 'yes' : 'no'} |`),
      '',
    );
    lines.push(...tried(judged));
  }
  if (r.lighthouse) {
    lines.push(
      '## Lighthouse (mobile, median of runs)',
      '',
      '| page | perf | a11y | best practices | SEO | LCP ms | TBT ms | CLS | script bytes |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const p of r.lighthouse.results ?? []) {
      if (!p.median) {
        lines.push(`| ${p.path} | ${p.status} | | | | | | | |`);
        continue;
      }
      const m = p.median;
      const sc = m.scores;
      lines.push(
        `| ${p.path} | ${sc.performance} | ${sc.accessibility} | ${sc['best-practices']} | ${sc.seo} | ${Math.round(m.lcpMs)} | ${Math.round(m.tbtMs)} | ${m.cls} | ${m.scriptBytes} |`,
      );
    }
    const ref = r.reference?.lighthouse?.median;
    if (ref) {
      const sc = ref.scores;
      lines.push(
        `| reference (Authenticator) | ${sc.performance} | ${sc.accessibility} | ${sc['best-practices']} | ${sc.seo} | ${Math.round(ref.lcpMs)} | ${Math.round(ref.tbtMs)} | ${ref.cls} | ${ref.scriptBytes} |`,
      );
    } else if (r.reference)
      lines.push(`| reference | ${r.reference.reason ?? 'not measured'} | | | | | | | |`);
    lines.push('');
  }
  if (r.weight) {
    lines.push(
      '## Page weight (first visit)',
      '',
      '| route | JS raw | JS gzip -9 | JS sent | CSS raw | CSS gzip -9 | scripts | largest script (gzip -9) |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const w of r.weight) {
      const big = w.largest[0] ? `${w.largest[0].file} ${kb(w.largest[0].gzip)}` : '';
      lines.push(
        `| ${w.route} | ${kb(w.jsRaw)} | ${kb(w.jsGzip)} | ${w.jsSent === undefined ? '–' : kb(w.jsSent)} | ${kb(w.cssRaw)} | ${kb(w.cssGzip)} | ${w.scripts} | ${big} |`,
      );
    }
    lines.push('');
  }
  if (r.signin)
    lines.push(
      '## Sign-in to dashboard',
      '',
      `Median ${r.signin.medianMs} ms over ${r.signin.runs.length} runs (${r.signin.runs.join(', ')} ms).`,
      '',
    );
  if (r.load) {
    const l = r.load.latencyMs ?? {};
    lines.push(
      `## ${r.load.users} creators signing in at once`,
      '',
      '| step | p50 ms | p95 ms | p99 ms |',
      '|---|---|---|---|',
      ...['signin', 'dashboard', 'token']
        .filter((k) => l[k])
        .map((k) => `| ${k} | ${l[k].p50} | ${l[k].p95} | ${l[k].p99} |`),
      '',
      `Errors: ${r.load.errors}; cross-user leaks: ${r.load.leaks}. Details: bench/results/load.json.`,
      '',
    );
  }
  if (r.server) {
    const s = r.server;
    lines.push(
      '## Server (autocannon, 50 connections)',
      '',
      '| target | req/s | p50 ms | p99 ms | errors | non-2xx |',
      '|---|---|---|---|---|---|',
    );
    for (const k of [
      'ceiling',
      'campaign',
      'internal',
      'login',
      'register',
      'forgotPassword',
      'embedToken',
    ]) {
      lines.push(
        `| ${k} | ${s[k].requestsPerSec} | ${s[k].p50Ms} | ${s[k].p99Ms} | ${s[k].errors} | ${s[k].non2xx} |`,
      );
    }
    lines.push(
      '',
      `Campaign URL (decoded by the guard) / internal path: **${s.decodeRatio}** (budget ≥ 0.9). Internal path / bare node:http ceiling: ${s.ceilingShare}.`,
      '',
    );
  }
  return lines.join('\n');
}

async function main() {
  const o = args(process.argv.slice(2));
  if (o.report) {
    // Writes results.md again from the last run's results.json (after bench/levers.md changed).
    const results = JSON.parse(readFileSync(path.join(root, 'bench/results.json'), 'utf8'));
    writeFileSync(path.join(root, 'bench/results.md'), `${markdown(results)}\n`);
    console.log('Wrote bench/results.md from bench/results.json.');
    return;
  }
  const stop = await startStack();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS });
  const results = {
    at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
  };
  try {
    // A part that fails is reported and the others still run: one broken measurement should not
    // throw away twenty minutes of the rest.
    const part = async (name, measure) => {
      if (!o.only.includes(name)) return;
      try {
        results[name] = await measure();
      } catch (error) {
        console.error(`${name} failed:`, error);
        results.failed = [...(results.failed ?? []), `${name}: ${error.message.split('\n')[0]}`];
      }
    };
    await part('observed', () => observed(browser, o.observed));
    await part('journey', () => journey(browser, o.journeys));
    await part('lighthouse', () => lighthouse(o.runs));
    if (results.lighthouse)
      results.reference = await reference(o.runs).catch((error) => ({
        status: 'error',
        reason: error.message.split('\n')[0],
      }));
    await part('weight', () => pageWeight(browser));
    await part('signin', () => signInToDashboard(browser, o.signins));
    await part('server', () => server(browser, o.seconds));
  } finally {
    await browser.close();
    stop();
  }
  // Its own stack on its own ports, after ours has stopped.
  if (o.only.includes('load')) {
    try {
      results.load = await load(o.users);
    } catch (error) {
      results.failed = [...(results.failed ?? []), `load: ${error.message.split('\n')[0]}`];
    }
  }
  mkdirSync(path.join(root, 'bench'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const md = markdown(results);
  writeFileSync(path.join(root, 'bench/results.md'), `${md}\n`);
  console.log(`\n${md}`);
  if (results.failed?.length) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
