// The Dockerfile's runtime stage without a container engine (none runs on the CI machines): its
// facts read from the file itself, and the image's folder assembled by the same steps (production
// dependencies only, the build, the files its COPY lines name), so a test can run its CMD and
// HEALTHCHECK as the image would and send it its STOPSIGNAL.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Instructions of the last stage, continuation lines joined. */
function lastStage(text) {
  const lines = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const from = lines.findLastIndex((l) => /^FROM\s/i.test(l));
  return lines.slice(from);
}

const jsonArray = (rest) => {
  const value = JSON.parse(rest);
  if (!Array.isArray(value)) throw new Error(`exec form expected: ${rest}`);
  return value;
};

export function imageFacts(text) {
  const facts = { base: '', env: {}, user: 'root', stopSignal: 'SIGTERM', copies: [] };
  for (const line of lastStage(text)) {
    const [, word, rest] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    switch (word?.toUpperCase()) {
      case 'FROM':
        facts.base = rest.split(/\s+/)[0];
        break;
      case 'ENV':
        for (const [, k, v] of rest.matchAll(/(\w+)=("[^"]*"|\S+)/g))
          facts.env[k] = v.replace(/^"|"$/g, '');
        break;
      case 'USER':
        facts.user = rest;
        break;
      case 'STOPSIGNAL':
        facts.stopSignal = rest;
        break;
      case 'HEALTHCHECK':
        facts.healthcheck = jsonArray(rest.slice(rest.indexOf('CMD') + 3).trim());
        break;
      case 'CMD':
        facts.cmd = jsonArray(rest);
        break;
      case 'COPY': {
        const parts = rest.split(/\s+/).filter((p) => !p.startsWith('--'));
        const to = parts.pop();
        for (const from of parts) facts.copies.push([from.replace(/^\/app\/?/, ''), to]);
        break;
      }
    }
  }
  return facts;
}

/**
 * The image's /app in `dir`: each COPY of the runtime stage from the checkout at `root`, but
 * node_modules installed afresh with production dependencies only (the build stage's prune) and
 * the build taken from `distDir` (hard links: no copy of its size).
 */
export function assembleImage({ root, dir, distDir = '.next' }) {
  const facts = imageFacts(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  mkdirSync(dir, { recursive: true });
  for (const [from, to] of facts.copies) {
    if (from === 'node_modules' || from === '.next') continue;
    const target =
      to.endsWith('/') || to === '.' || to === './'
        ? path.join(dir, to, path.basename(from))
        : path.join(dir, to);
    cpSync(path.join(root, from), target, { recursive: true });
  }
  // The build stage's prune works from the lock file, as `npm ci` does.
  cpSync(path.join(root, 'package-lock.json'), path.join(dir, 'package-lock.json'));
  execFileSync(
    'npm',
    ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'],
    {
      cwd: dir,
      stdio: 'pipe',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    },
  );
  execFileSync('cp', ['-al', path.join(root, distDir), path.join(dir, '.next')]);
  return facts;
}
