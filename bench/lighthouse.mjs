#!/usr/bin/env node
// Lighthouse (mobile, the default profile) against a running production server.
//
//   node bench/lighthouse.mjs [--base URL] [--runs N] [--out FILE] [--reports DIR] [--assert]
//                             [--wait-idle[=PCT]] [path ...]
//
// Each path runs N times (default 3); the medians of the four category scores, LCP, TBT, CLS and
// script bytes are printed and written as JSON (default .data/bench/lighthouse.json). Paths that
// answer 404 or redirect are reported as missing, not measured, and do not fail the run.
// --assert exits 1 when a measured page has a median score under 100 or a CLS above 0.
// --wait-idle[=PCT] waits (Linux, up to 10 min) before each run until the CPUs are PCT% idle
// (default 90): simulated throttling scales what the CPU really did, so a neighbour's build would
// count against the page.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const USAGE =
  'node bench/lighthouse.mjs [--base URL] [--runs N] [--out FILE] [--reports DIR] [--assert] [--wait-idle[=PCT]] [path ...]';

const b64 = (s) => Buffer.from(s).toString('base64');
const DEFAULT_PATHS = [
  '/login',
  '/register',
  '/forgot-password',
  ...['v1', 'v2', 'v3'].map((v) => `/creatorcash?${b64(`variant=${v}`)}`),
];

function parseArgs(argv) {
  const opts = {
    base: 'http://localhost:3000',
    runs: 3,
    out: '.data/bench/lighthouse.json',
    reports: null,
    assert: false,
    waitIdle: false,
    paths: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--base') opts.base = value().replace(/\/+$/, '');
    else if (a === '--runs') opts.runs = Math.max(1, Number.parseInt(value(), 10) || 1);
    else if (a === '--out') opts.out = value();
    else if (a === '--reports') opts.reports = value();
    else if (a === '--assert') opts.assert = true;
    else if (a === '--wait-idle') opts.waitIdle = 0.9;
    else if (a.startsWith('--wait-idle='))
      opts.waitIdle = Math.min(1, Math.max(0, Number(a.slice(12)) / 100));
    else if (a === '--help' || a === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else opts.paths.push(a);
  }
  if (opts.paths.length === 0) opts.paths = DEFAULT_PATHS;
  return opts;
}

async function loadLighthouse() {
  try {
    const lighthouse = (await import('lighthouse')).default;
    // chrome-launcher comes with lighthouse; resolve it from there so a nested install works too.
    const require = createRequire(import.meta.resolve('lighthouse'));
    const chromeLauncher = await import(require.resolve('chrome-launcher'));
    return { lighthouse, chromeLauncher };
  } catch (err) {
    process.stderr.write(
      `Cannot load lighthouse (${err instanceof Error ? err.message : err}).\n` +
        'Install it: npm install --no-save lighthouse (or add it as a devDependency).\n',
    );
    process.exit(2);
  }
}

/** A page we can measure answers 200 without redirecting; anything else is reported, not run. */
async function preflight(url) {
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(15_000) });
    if (res.status >= 300 && res.status < 400) {
      return {
        ok: false,
        reason: `redirects (${res.status}) to ${res.headers.get('location') ?? '?'}`,
      };
    }
    if (res.status !== 200) return { ok: false, reason: `answers ${res.status}` };
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: `unreachable (${err instanceof Error ? err.message : err})` };
  }
}

/** Share of CPU time spent idle over `ms`, from /proc/stat; null where that does not exist. */
async function idleShare(ms = 2000) {
  const read = () => {
    const cpu = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return { idle: cpu[3] + (cpu[4] ?? 0), total: cpu.reduce((a, b) => a + b, 0) };
  };
  try {
    const a = read();
    await new Promise((r) => setTimeout(r, ms));
    const b = read();
    return (b.idle - a.idle) / Math.max(1, b.total - a.total);
  } catch {
    return null;
  }
}

async function waitForIdle(threshold = 0.9, timeoutMs = 600_000) {
  const until = Date.now() + timeoutMs;
  let said = false;
  for (;;) {
    const idle = await idleShare();
    if (idle === null || idle >= threshold) return idle;
    if (Date.now() > until) {
      process.stdout.write(
        `  (CPU still busy, ${Math.round(idle * 100)}% idle; measuring anyway)\n`,
      );
      return idle;
    }
    if (!said)
      process.stdout.write(`  waiting for an idle CPU (${Math.round(idle * 100)}% idle)…\n`);
    said = true;
  }
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** What one Lighthouse run says about a page. */
function summarise(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [
      c,
      lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100),
    ]),
  );
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  // Audits that cost points: weighted, scored, and not passing.
  const failing = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failing.push(`${c}/${ref.id} (${audit.displayValue ?? audit.score})`);
      }
    }
  }
  return {
    scores,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? null,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? null,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
    scriptBytes: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    scriptCount: scripts.length,
    totalBytes: lhr.audits['total-byte-weight']?.numericValue ?? null,
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    runWarnings: lhr.runWarnings ?? [],
    failing,
  };
}

function medians(runs) {
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    scriptBytes: median(runs.map((r) => r.scriptBytes)),
    totalBytes: median(runs.map((r) => r.totalBytes)),
  };
}

const slug = (p) => p.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
const kb = (n) => (n == null ? '-' : `${(n / 1024).toFixed(1)} KB`);
const ms = (n) => (n == null ? '-' : `${Math.round(n)} ms`);

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { lighthouse, chromeLauncher } = await loadLighthouse();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  // Interrupted (Ctrl-C, kill): take the browser down too rather than leave it running.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      chrome.kill();
      process.exit(130);
    });
  }

  const results = [];
  try {
    for (const p of opts.paths) {
      const url = `${opts.base}${p.startsWith('/') ? p : `/${p}`}`;
      const check = await preflight(url);
      if (!check.ok) {
        process.stdout.write(`${p}: missing: ${check.reason}\n`);
        results.push({ path: p, url, status: 'missing', reason: check.reason });
        continue;
      }
      const runs = [];
      const errors = [];
      // A run Lighthouse itself could not record (e.g. NO_NAVSTART on a starved CPU) is retried,
      // up to twice the number of runs asked for, rather than ending the whole benchmark.
      for (let attempt = 0; runs.length < opts.runs && attempt < opts.runs * 2; attempt++) {
        const idle = opts.waitIdle ? await waitForIdle(opts.waitIdle) : await idleShare(500);
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        const problem = !result?.lhr ? 'no result' : result.lhr.runtimeError?.message;
        if (problem) {
          errors.push(problem);
          process.stdout.write(`  run failed, retrying: ${problem}\n`);
          continue;
        }
        if (opts.reports) {
          mkdirSync(opts.reports, { recursive: true });
          writeFileSync(
            path.join(opts.reports, `${slug(p)}-${runs.length + 1}.json`),
            result.report,
          );
        }
        runs.push({ ...summarise(result.lhr), cpuIdleBefore: idle });
      }
      if (runs.length === 0) {
        process.stdout.write(`${p}: no run succeeded\n`);
        results.push({ path: p, url, status: 'error', errors });
        continue;
      }
      const m = medians(runs);
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      results.push({ path: p, url, status: 'measured', median: m, runs, failing, errors });
      process.stdout.write(
        `${p}\n  scores ${CATEGORIES.map((c) => `${c} ${m.scores[c]}`).join(' · ')}\n` +
          `  LCP ${ms(m.lcpMs)} · TBT ${ms(m.tbtMs)} · CLS ${m.cls} · scripts ${kb(m.scriptBytes)} ` +
          `(${runs[0].scriptCount} files) · total ${kb(m.totalBytes)}\n` +
          (failing.length ? `  losing points: ${failing.join(', ')}\n` : ''),
      );
    }
  } finally {
    await chrome.kill();
  }

  mkdirSync(path.dirname(opts.out), { recursive: true });
  writeFileSync(
    opts.out,
    `${JSON.stringify({ base: opts.base, runsPerPage: opts.runs, at: new Date().toISOString(), results }, null, 2)}\n`,
  );
  process.stdout.write(`\nWrote ${opts.out}\n`);

  if (opts.assert) {
    const bad = results.filter(
      (r) =>
        r.status === 'error' ||
        (r.status === 'measured' &&
          (Object.values(r.median.scores).some((s) => s !== 100) || r.median.cls > 0)),
    );
    if (bad.length > 0) {
      process.stdout.write(`Under the bar: ${bad.map((r) => r.path).join(', ')}\n`);
      process.exit(1);
    }
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : err}\n`);
  process.exit(1);
});
