/** Ports of the stack the e2e run starts: the contract's defaults unless E2E_* overrides them. */
export function e2ePorts() {
  const n = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
  return {
    web: n(process.env.E2E_PORT, 3000),
    identity: n(process.env.E2E_IDENTITY_PORT, 9229),
    creator: n(process.env.E2E_CREATOR_PORT, 9230),
    embed: n(process.env.E2E_EMBED_PORT, 9231),
  };
}
