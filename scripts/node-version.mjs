// Which Node the product runs on (README "Node"): 24 LTS is what CI runs, 22 is supported, 20.9 and
// later 20.x still run but are past end of life. Anything older stops `npm start` in one line,
// before a build or a server starts.

/** What to say about a Node version: nothing, a warning, or a refusal. */
export function nodeVerdict(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  if (!(major >= 20) || (major === 20 && minor < 9))
    return {
      ok: false,
      line: `Node ${version} is too old: the Creator Dashboard needs Node 24 LTS (22 and 20.9 or later also run). See README "Node".`,
    };
  if (major < 22)
    return {
      ok: true,
      line: `Node ${version} is past end of life: it runs, but use Node 24 LTS (README "Node").`,
    };
  return { ok: true };
}

/** Says the verdict on the running Node; exits when it is too old. */
export function checkNode() {
  const verdict = nodeVerdict(process.versions.node);
  if (verdict.line) process.stdout.write(`${verdict.line}\n`);
  if (!verdict.ok) process.exit(1);
}
