import { LOCAL_STACK, portFrom } from '../contract/local-stack';

/** Ports of the stack the e2e run starts: the contract's defaults unless E2E_* overrides them. */
export function e2ePorts() {
  const { ports } = LOCAL_STACK;
  return {
    web: portFrom(process.env.E2E_PORT, ports.web),
    identity: portFrom(process.env.E2E_IDENTITY_PORT, ports.identity),
    creator: portFrom(process.env.E2E_CREATOR_PORT, ports.creator),
    embed: portFrom(process.env.E2E_EMBED_PORT, ports.embed),
  };
}
