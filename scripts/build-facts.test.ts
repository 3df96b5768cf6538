/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildFacts, commitOf } from './build-facts.mjs';

describe('the build id', () => {
  const clean = (args: string[]) => (args[0] === 'rev-parse' ? 'c0ffee12ad34' : '');
  it("is the commit's when the checkout is clean, never with an 'ad' in it", () => {
    expect(commitOf({}, '.', clean)).toEqual({ id: 'c0ffee12a-d34', source: 'git' });
  });
  it("is the host's when it names one, BUILD_ID first", () => {
    expect(commitOf({ VERCEL_GIT_COMMIT_SHA: 'abc123' }, '.', clean).id).toBe('abc123');
    expect(commitOf({ BUILD_ID: 'release-7', VERCEL_GIT_COMMIT_SHA: 'x' }, '.', clean)).toEqual({
      id: 'release-7',
      source: 'BUILD_ID',
    });
  });
  it('is left to the framework when the checkout has changes or is no checkout', () => {
    const dirty = (args: string[]) =>
      args[0] === 'rev-parse' ? 'c0ffee' : ' M lib/runtime/log.ts';
    expect(commitOf({}, '.', dirty).id).toBeNull();
    const none = () => {
      throw new Error('not a git repository');
    };
    expect(commitOf({}, '.', none).id).toBeNull();
  });
});

describe('a production build', () => {
  const production = { COGNITO_USER_POOL_ID: 'us-east-1_Abc123' };
  it('refuses to bake the local address into links when SITE_URL is missing', () => {
    expect(buildFacts(production).problems).toEqual([expect.stringContaining('SITE_URL')]);
    expect(buildFacts({ ...production, SITE_URL: 'https://d.example.com' }).problems).toEqual([]);
  });
  it('says what it defaulted: its own action key, no deployment id', () => {
    const { notes } = buildFacts({ ...production, SITE_URL: 'https://d.example.com' });
    expect(notes).toEqual([
      expect.stringContaining('NEXT_SERVER_ACTIONS_ENCRYPTION_KEY'),
      expect.stringContaining('NEXT_DEPLOYMENT_ID'),
    ]);
  });
  it('in local mode asks for nothing', () => {
    expect(buildFacts({})).toEqual({ production: false, problems: [], notes: [] });
  });
  it('is stopped by `next build` itself, on any host, naming what is missing', () => {
    const config = path.join(__dirname, '..', 'next.config.mjs');
    let out = '';
    try {
      execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const m = await import(${JSON.stringify(config)}); m.default('phase-production-build');`,
        ],
        { env: { ...process.env, ...production, SITE_URL: '' }, stdio: 'pipe' },
      );
    } catch (error) {
      out = String((error as { stderr: Buffer }).stderr);
    }
    expect(out).toContain('The build cannot go on');
    expect(out).toContain('SITE_URL is required');
  });
});
