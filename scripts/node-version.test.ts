import { nodeVerdict } from './node-version.mjs';

describe('nodeVerdict', () => {
  it.each(['24.21.0', 'v24.0.0', '22.12.0', '26.10.0'])('%s runs without a word', (version) => {
    expect(nodeVerdict(version)).toEqual({ ok: true });
  });
  it.each(['20.9.0', '20.20.2', '21.7.3'])(
    '%s runs, with one line about end of life',
    (version) => {
      expect(nodeVerdict(version)).toEqual({
        ok: true,
        line: `Node ${version} is past end of life: it runs, but use Node 24 LTS (README "Node").`,
      });
    },
  );
  it.each(['20.8.1', '18.20.8', '16.0.0', 'garbage'])('%s is refused in one line', (version) => {
    const verdict = nodeVerdict(version);
    expect(verdict.ok).toBe(false);
    expect(verdict.line).toBe(
      `Node ${version} is too old: the Creator Dashboard needs Node 24 LTS (22 and 20.9 or later also run). See README "Node".`,
    );
  });
});
