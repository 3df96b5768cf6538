import stack from './local-stack.json';

export { portFrom } from './ports.mjs';

/**
 * The local stack's fixed facts (docs/architecture.md §4): its pool, its app client, the ports each
 * service listens on by default, and the pool's custom attributes. Both sides read them from
 * here: the product in local mode (lib/runtime/env.ts), the stand-ins under local/, the scripts and the
 * tests. Nothing else in this folder but the port parser (ports.mjs, plain JavaScript so the start
 * script shares it): these are the only modules the product and the stack share.
 */
export const LOCAL_STACK = stack;

/** The attribute that names a creator's channel in the creator system (docs/product.md §5). */
export const CHANNEL_ATTRIBUTE = stack.channelAttribute;

/**
 * The product's record of password confirmations (decision 045): written only by an admin call,
 * at most 2,048 characters, as a Cognito custom string attribute can hold.
 */
export const ACTIVITY_ATTRIBUTE = stack.activityAttribute;

/** The hashes of the account's recovery codes (decision 046): admin calls only, at most 2,048. */
export const RECOVERY_ATTRIBUTE = stack.recoveryAttribute;

/** What the pool does not keep about passkeys (decision 049): admin calls only, at most 2,048. */
export const PASSKEYS_ATTRIBUTE = stack.passkeysAttribute;
