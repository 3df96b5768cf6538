/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const script = path.join(__dirname, 'test-summary.mjs');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'summary-'));
  for (const step of ['lint', 'format', 'build']) {
    writeFileSync(path.join(dir, `${step}.status`), 'ok\n');
  }
  // scripts/test-all.sh names its run; the full one has the cluster's pass.
  writeFileSync(path.join(dir, 'run'), 'full\n');
  writeFileSync(
    path.join(dir, 'unit.json'),
    JSON.stringify({
      numPassedTests: 3,
      numFailedTests: 0,
      numPendingTests: 1,
      testResults: [
        { name: path.join(process.cwd(), 'lib/a.test.ts'), status: 'passed', assertionResults: [] },
      ],
    }),
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function report(tests: { title: string; status: string; error?: string }[]) {
  const stat = (s: string) => tests.filter((t) => t.status === s).length;
  return JSON.stringify({
    stats: {
      expected: stat('expected'),
      unexpected: stat('unexpected'),
      flaky: stat('flaky'),
      skipped: stat('skipped'),
    },
    errors: [],
    suites: [
      {
        title: 'auth.spec.ts',
        specs: [],
        suites: [
          {
            title: 'sign-in',
            specs: tests.map((t, i) => ({
              title: t.title,
              file: 'auth.spec.ts',
              line: 10 + i,
              tests: [
                {
                  projectName: 'chromium',
                  status: t.status,
                  results: t.error
                    ? [
                        {
                          status: 'failed',
                          errors: [{ message: `\u001b[31m${t.error}\u001b[39m\n  at x` }],
                        },
                        { status: 'passed', errors: [] },
                      ]
                    : [{ status: 'passed', errors: [] }],
                },
              ],
            })),
          },
        ],
      },
    ],
  });
}

function run(): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync('node', [script, dir], { encoding: 'utf8' }) };
  } catch (e) {
    const err = e as { status: number; stdout: string };
    return { code: err.status, out: err.stdout };
  }
}

it('counts a test that passed only on retry as failed, and names it with its first error line', () => {
  writeFileSync(
    path.join(dir, 'e2e.json'),
    report([
      { title: 'signs in', status: 'expected' },
      { title: 'logs out', status: 'flaky', error: 'Error: expect(page).toHaveURL failed' },
    ]),
  );
  writeFileSync(
    path.join(dir, 'e2e-console-pool.json'),
    report([{ title: 'a', status: 'expected' }]),
  );
  writeFileSync(path.join(dir, 'e2e-cluster.json'), report([{ title: 'b', status: 'expected' }]));

  const { code, out } = run();
  expect(code).toBe(1);
  expect(out).toContain('e2e: 1 passed, 1 flaky, 0 failed, 0 skipped');
  expect(out).toContain(
    '  flaky e2e [chromium] auth.spec.ts:11 › logs out\n      Error: expect(page).toHaveURL failed',
  );
  expect(out).not.toContain('signs in');
  expect(out.trim().split('\n').at(-1)).toBe('9 passed, 1 failed');
});

it("shows a failure's expected and received lines, not its stack", () => {
  const diff = [
    'Error: expect(received).toEqual(expected) // deep equality',
    '',
    '- Expected  -  1',
    '+ Received  + 10',
    '',
    '- Array []',
    '+ Array [',
    '+   Object { "nodes": Array [ "<footer>: 0,700 390x68 -> 0,760 390x68" ] },',
    '+ ]',
  ].join('\n');
  for (const f of ['e2e-console-pool.json', 'e2e-cluster.json'])
    writeFileSync(path.join(dir, f), report([{ title: 'a', status: 'expected' }]));
  writeFileSync(
    path.join(dir, 'e2e.json'),
    report([{ title: '/login', status: 'flaky', error: diff }]),
  );

  const { out } = run();
  expect(out).toContain(
    [
      '  flaky e2e [chromium] auth.spec.ts:10 › /login',
      '      Error: expect(received).toEqual(expected) // deep equality',
      '      - Expected  -  1',
      '      + Received  + 10',
      '      - Array []',
      '      + Array [',
      '      +   Object { "nodes": Array [ "<footer>: 0,700 390x68 -> 0,760 390x68" ] },',
      '      + ]',
    ].join('\n'),
  );
  expect(out).not.toContain('  at x');
});

it('names failed unit tests and a suite that did not load', () => {
  writeFileSync(
    path.join(dir, 'unit.json'),
    JSON.stringify({
      numPassedTests: 1,
      numFailedTests: 1,
      numPendingTests: 0,
      testResults: [
        {
          name: path.join(process.cwd(), 'lib/a.test.ts'),
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'a works' },
            { status: 'failed', fullName: 'a refuses junk' },
          ],
        },
        { name: path.join(process.cwd(), 'lib/b.test.ts'), status: 'failed', assertionResults: [] },
      ],
    }),
  );
  for (const f of ['e2e', 'e2e-console-pool', 'e2e-cluster']) {
    writeFileSync(path.join(dir, `${f}.json`), report([{ title: 'ok', status: 'expected' }]));
  }

  const { code, out } = run();
  expect(code).toBe(1);
  expect(out).toContain('  FAILED unit lib/a.test.ts › a refuses junk');
  expect(out).toContain('  FAILED unit lib/b.test.ts (the suite did not load)');
  expect(out).not.toContain('a works');
  expect(out.trim().split('\n').at(-1)).toBe('7 passed, 2 failed');
});

it('all green: no names, exit 0', () => {
  for (const f of ['e2e', 'e2e-console-pool', 'e2e-cluster']) {
    writeFileSync(path.join(dir, `${f}.json`), report([{ title: 'ok', status: 'expected' }]));
  }
  const { code, out } = run();
  expect(code).toBe(0);
  expect(out).not.toMatch(/FAILED|flaky [a-z]/);
  expect(out.trim().split('\n').at(-1)).toBe('9 passed, 0 failed');
});

it('the gate has no cluster pass to count; the full run without one has failed', () => {
  for (const f of ['e2e', 'e2e-console-pool']) {
    writeFileSync(path.join(dir, `${f}.json`), report([{ title: 'ok', status: 'expected' }]));
  }
  expect(run().out.trim().split('\n').at(-1)).toBe('8 passed, 1 failed');
  expect(run().out).toContain('e2e-cluster: no results');

  writeFileSync(path.join(dir, 'run'), 'gate\n');
  const gate = run();
  expect(gate.code).toBe(0);
  expect(gate.out).not.toContain('e2e-cluster');
  expect(gate.out.trim().split('\n').at(-1)).toBe('8 passed, 0 failed');
});
