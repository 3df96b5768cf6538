// What a build bakes in, decided before `next build` compiles anything (read by next.config.mjs, so
// every host's build does it): the build id from the commit, and a production build that cannot
// bake a wrong public address or silently make its own action key.
import { execFileSync } from 'node:child_process';

const git = (args, cwd) =>
  execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();

// Next avoids "ad" in its own ids (ad blockers and /_next/static/<id>/ paths); so do we.
const unblockable = (id) => id.replace(/a(?=d)/gi, (a) => `${a}-`);

/** The commit a build is of: the host's (BUILD_ID, Vercel's), else git's when the tree is clean. */
export function commitOf(env, cwd, run = git) {
  const found = findCommit(env, cwd, run);
  return found.id ? { ...found, id: unblockable(found.id) } : found;
}

function findCommit(env, cwd, run) {
  const named = env.BUILD_ID?.trim() || env.VERCEL_GIT_COMMIT_SHA?.trim();
  if (named) return { id: named, source: env.BUILD_ID?.trim() ? 'BUILD_ID' : 'the host' };
  try {
    const sha = run(['rev-parse', 'HEAD'], cwd);
    if (run(['status', '--porcelain', '--untracked-files=no'], cwd) !== '')
      return { id: null, source: 'none: the checkout has changes, so it is not one commit' };
    return { id: sha, source: 'git' };
  } catch {
    return { id: null, source: 'none: no git checkout and no BUILD_ID' };
  }
}

/** Problems that stop a production build, and what it says it defaulted. */
export function buildFacts(env) {
  const production = Boolean(env.COGNITO_USER_POOL_ID?.trim());
  const problems = [];
  const notes = [];
  if (!production) return { production, problems, notes };
  if (!env.SITE_URL?.trim())
    problems.push(
      'SITE_URL is required for a production build: canonical links and social images are built with it (the public origin, e.g. https://dashboard.example.com).',
    );
  if (!env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY?.trim())
    notes.push(
      'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is unset: this build made its own key, so its forms are answered only by instances of this very build. Set it (openssl rand -base64 32) when several instances or builds serve one site.',
    );
  if (!env.NEXT_DEPLOYMENT_ID?.trim())
    notes.push(
      'NEXT_DEPLOYMENT_ID is unset: a page open during a deploy may call actions the new build no longer has, instead of reloading.',
    );
  return { production, problems, notes };
}
