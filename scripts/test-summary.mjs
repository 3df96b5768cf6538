#!/usr/bin/env node
// Sums every suite into the one closing line CI reads: `N passed, N failed`.
// lint, format and build (type-checked) count as one check each; jest and Playwright count their tests.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.data/test-results';
const read = (f) =>
  existsSync(path.join(dir, f)) ? readFileSync(path.join(dir, f), 'utf8').trim() : null;
let passed = 0;
let failed = 0;
const lines = [];
// Names of the tests that failed or passed only on retry, so the closing lines of a CI log say which.
const named = [];

// The error with its expected/received lines, so a failure seen once in CI says what differed; the
// stack is in the full log.
function errorLines(message) {
  const lines = message.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const end = lines.findIndex((l) => /^\s+at /.test(l));
  return (end === -1 ? lines : lines.slice(0, end))
    .map((l) => l.trimEnd().slice(0, 240))
    .filter(Boolean)
    .slice(0, 16);
}

// Playwright's JSON report nests suites (files, describe blocks) holding specs holding one test per
// project; a test's status is expected, unexpected, flaky or skipped.
function badTests(suites, run, out = []) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results
          ?.flatMap((r) => r.errors ?? (r.error ? [r.error] : []))
          .map((e) => errorLines(e.message ?? ''))
          .find((l) => l.length);
        out.push(
          `  ${test.status === 'flaky' ? 'flaky' : 'FAILED'} ${run} [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}` +
            (error ? error.map((l) => `\n      ${l}`).join('') : ''),
        );
      }
    }
    badTests(suite.suites, run, out);
  }
  return out;
}

for (const step of ['lint', 'format', 'build']) {
  const ok = read(`${step}.status`) === 'ok';
  if (ok) passed++;
  else failed++;
  lines.push(`${step}: ${ok ? 'ok' : 'FAILED'}`);
}

const unit = read('unit.json');
if (unit) {
  const j = JSON.parse(unit);
  // A suite that fails to load has no test results but must still count as a failure.
  const didNotLoad = j.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  );
  const broken = didNotLoad.length;
  const file = (r) => path.relative(process.cwd(), r.name);
  for (const r of j.testResults)
    for (const a of r.assertionResults)
      if (a.status === 'failed') named.push(`  FAILED unit ${file(r)} › ${a.fullName}`);
  for (const r of didNotLoad) named.push(`  FAILED unit ${file(r)} (the suite did not load)`);
  passed += j.numPassedTests;
  failed += j.numFailedTests + broken;
  lines.push(
    `unit: ${j.numPassedTests} passed, ${j.numFailedTests + broken} failed, ${j.numPendingTests} skipped`,
  );
} else {
  failed++;
  lines.push('unit: no results');
}

// The whole e2e run, then the account flows under the console's pool settings (e2e/pool.ts), then,
// in the full run only (scripts/test-all.sh), through the cluster (E2E_CLUSTER=1).
const full = read('run') === 'full';
for (const run of ['e2e', 'e2e-console-pool', ...(full ? ['e2e-cluster'] : [])]) {
  const report = read(`${run}.json`);
  if (report) {
    const json = JSON.parse(report);
    const s = json.stats;
    const errors = json.errors?.length ?? 0;
    named.push(...badTests(json.suites, run));
    // A test that passed only on retry is a failing test: retries exist to report flakiness.
    passed += s.expected;
    failed += s.unexpected + s.flaky + errors;
    lines.push(
      `${run}: ${s.expected} passed, ${s.flaky} flaky, ${s.unexpected} failed, ${s.skipped} skipped`,
    );
  } else {
    failed++;
    lines.push(`${run}: no results`);
  }
}

console.log(`\n${lines.join('\n')}\n`);
if (named.length) console.log(`${named.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
