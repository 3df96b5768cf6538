import 'server-only';
import { z } from 'zod';
import {
  DEFAULT_SESSION_IDLE_S,
  DEFAULT_SESSION_MAX_S,
  SESSION_TTL_S,
} from '@/lib/session/lifetimes';
import { LOCAL_STACK, portFrom } from '@/contract/local-stack';
import { MAX_TRUSTED_PROXY_HOPS } from '../http/client-address';
import { secretId } from './secret-id';

export { secretId };

export const LOCAL_DEFAULTS = {
  COGNITO_REGION: LOCAL_STACK.region,
  COGNITO_USER_POOL_ID: LOCAL_STACK.poolId,
  COGNITO_CLIENT_ID: LOCAL_STACK.clientId,
  LOCAL_IDENTITY_PORT: LOCAL_STACK.ports.identity,
  LOCAL_CREATOR_PORT: LOCAL_STACK.ports.creator,
  LOCAL_EMBED_PORT: LOCAL_STACK.ports.embed,
  SUPPORT_EMAIL: 'support@creator.test',
  SESSION_SECRET: 'local-only-session-secret-not-for-production-use',
} as const;

export const PRODUCTION_REQUIRED = [
  'COGNITO_USER_POOL_ID',
  'COGNITO_CLIENT_ID',
  'SESSION_SECRET',
  'CREATOR_API_URL',
  'ANALYTICS_EMBED_URL',
  'SUPPORT_EMAIL',
  'TERMS_URL',
  'PRIVACY_URL',
] as const;

const httpUrl = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL')
  .transform((u) => u.replace(/\/+$/, ''));

const poolId = z
  .string()
  .max(55)
  .regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'must look like region_id');

const sessionSecrets = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().min(32, 'each secret must be at least 32 characters'))
      .min(1, 'at least one secret is required'),
  );

const schema = z.object({
  COGNITO_REGION: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/),
  COGNITO_USER_POOL_ID: poolId,
  COGNITO_CLIENT_ID: z.string().min(1),
  COGNITO_CLIENT_SECRET: z.string().min(1).optional(),
  COGNITO_ENDPOINT: httpUrl.optional(),
  COGNITO_DOMAIN: httpUrl.optional(),
  SESSION_SECRET: sessionSecrets,
  CREATOR_API_URL: httpUrl,
  CREATOR_API_KEY: z.string().min(1).optional(),
  ANALYTICS_EMBED_URL: httpUrl,
  SUPPORT_EMAIL: z.string().email(),
  TERMS_URL: httpUrl,
  PRIVACY_URL: httpUrl,
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(8_000),
  CREATOR_LOOKUP_BUDGET_MS: z.coerce.number().int().min(100).max(10_000).default(2_000),
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(25_000),
  REDIS_URL: z.string().url().optional(),
  // What must outlive a restart of this instance (revocations, spent proofs, checks due): files
  // here, beside REDIS_URL's copy. Relative to the working directory.
  STATE_DIR: z.string().min(1).default('.data/state'),
  // How many instances share REDIS_URL: while Redis is down each counts alone, and takes this
  // share of every limit, so the cluster together stays within it.
  INSTANCE_COUNT: z.coerce.number().int().min(1).max(1_000).default(1),
  // Cognito's UserResourceUpdate category (ConfirmDevice) allows 25 a second per account and
  // Region and cannot be raised: new devices beyond this share wait (decision 054).
  DEVICE_CONFIRMS_PER_SECOND: z.coerce.number().int().min(0).max(25).default(20),
  // Its UserUpdate category (AdminUpdateUserAttributes) too: channels beyond it bind later (055).
  CHANNEL_BINDS_PER_SECOND: z.coerce.number().int().min(0).max(25).default(15),
  // And the record of how each sign-in was made, the rest of it shared with profile writes (058).
  ACTIVITY_WRITES_PER_SECOND: z.coerce.number().int().min(0).max(25).default(5),
  NOTIFY_WEBHOOK_URL: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL')
    .optional(),
  // Standard Webhooks' secret format: `whsec_` and base64 of at least 24 random bytes.
  NOTIFY_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, 'must be whsec_ and base64 of 24 bytes or more')
    .optional(),
  SESSION_IDLE_TIMEOUT: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(DEFAULT_SESSION_IDLE_S),
  SESSION_MAX_AGE: z.coerce
    .number()
    .int()
    .min(300)
    .max(SESSION_TTL_S)
    .default(DEFAULT_SESSION_MAX_S),
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(MAX_TRUSTED_PROXY_HOPS).default(0),
  ACCESS_LOG: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .default('on')
    .transform((v) => v === 'on'),
});

export type Env = z.infer<typeof schema> & {
  mode: 'local' | 'production';
  sessionPasswords: Record<string, string>;
  sessionSealId: string;
  sessionLimits: { idleS: number; maxS: number };
};

export class EnvError extends Error {
  constructor(
    message: string,
    readonly problems: string[],
  ) {
    super(message);
    this.name = 'EnvError';
  }
}

type Source = Record<string, string | undefined>;

function withoutBlanks(source: Source): Source {
  const out: Source = {};
  for (const [k, v] of Object.entries(source))
    if (v !== undefined && v.trim() !== '') out[k] = v.trim();
  return out;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Read apart from the rest: logging must work whether or not the whole configuration parses. */
export function logSettings(source: Source = process.env) {
  const wanted = source.LOG_LEVEL?.trim().toLowerCase();
  const level = LOG_LEVELS.find((l) => l === wanted) ?? 'info';
  return { level, enabled: !(source.NODE_ENV === 'test' && !source.LOG_IN_TESTS) };
}

export function siteUrl(source: Source = process.env): URL {
  const fallback = `http://localhost:${portFrom(source.PORT, 3000)}`;
  try {
    const url = new URL(source.SITE_URL?.trim() || fallback);
    return /^https?:$/.test(url.protocol) ? url : new URL(fallback);
  } catch {
    return new URL(fallback);
  }
}

export function isLocalMode(source: Source = process.env): boolean {
  return !source.COGNITO_USER_POOL_ID?.trim();
}

export function localAddresses(source: Source = process.env) {
  const identityPort = portFrom(source.LOCAL_IDENTITY_PORT, LOCAL_DEFAULTS.LOCAL_IDENTITY_PORT);
  const creatorPort = portFrom(source.LOCAL_CREATOR_PORT, LOCAL_DEFAULTS.LOCAL_CREATOR_PORT);
  const embedPort = portFrom(source.LOCAL_EMBED_PORT, LOCAL_DEFAULTS.LOCAL_EMBED_PORT);
  return {
    identity: `http://127.0.0.1:${identityPort}`,
    creator: `http://127.0.0.1:${creatorPort}`,
    embed: `http://127.0.0.1:${embedPort}`,
    identityPort,
    creatorPort,
    embedPort,
  };
}

export function parseEnv(raw: Source): Env {
  const source = withoutBlanks(raw);
  const local = isLocalMode(source);
  let input: Source = source;

  // A deployment that lost its variables must not run on the repository's secret; `next build` may.
  const building = source.NEXT_PHASE === 'phase-production-build';
  if (local && source.NODE_ENV === 'production' && source.LOCAL_STACK !== '1' && !building) {
    throw new EnvError(
      'COGNITO_USER_POOL_ID is not set in a production build. Set the production variables (see .env.example), or LOCAL_STACK=1 to run on the local stack on purpose.',
      ['COGNITO_USER_POOL_ID is required in production (or LOCAL_STACK=1)'],
    );
  }
  if (!local && source.RATE_LIMIT_SCALE !== undefined) {
    throw new EnvError(
      'RATE_LIMIT_SCALE is for load tests on the local stack; unset it in production.',
      ['RATE_LIMIT_SCALE must not be set in production'],
    );
  }

  if (local) {
    const addr = localAddresses(source);
    input = {
      COGNITO_REGION: LOCAL_DEFAULTS.COGNITO_REGION,
      COGNITO_USER_POOL_ID: LOCAL_DEFAULTS.COGNITO_USER_POOL_ID,
      COGNITO_CLIENT_ID: LOCAL_DEFAULTS.COGNITO_CLIENT_ID,
      COGNITO_ENDPOINT: addr.identity,
      COGNITO_DOMAIN: addr.identity,
      SESSION_SECRET: LOCAL_DEFAULTS.SESSION_SECRET,
      CREATOR_API_URL: addr.creator,
      ANALYTICS_EMBED_URL: addr.embed,
      SUPPORT_EMAIL: LOCAL_DEFAULTS.SUPPORT_EMAIL,
      TERMS_URL: `${addr.creator}/legal/terms`,
      PRIVACY_URL: `${addr.creator}/legal/privacy`,
      ...Object.fromEntries(
        Object.entries(source).filter(
          ([k]) => !k.startsWith('COGNITO_') || k === 'COGNITO_CLIENT_SECRET',
        ),
      ),
    };
  } else {
    const missing = PRODUCTION_REQUIRED.filter((k) => !source[k]);
    if (missing.length > 0) {
      throw new EnvError(
        `Missing configuration: ${missing.join(', ')}. Set ${missing.length === 1 ? 'it' : 'them'} (see .env.example), or unset COGNITO_USER_POOL_ID to run on the local stack.`,
        missing.map((k) => `${k} is required`),
      );
    }
    input = { COGNITO_REGION: source.COGNITO_USER_POOL_ID?.split('_')[0], ...source };
  }

  const result = schema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map(
      (i) => `${i.path.join('.') || '(root)'}: ${i.message}`,
    );
    throw new EnvError(`Invalid configuration: ${problems.join('; ')}`, problems);
  }
  if (result.data.NOTIFY_WEBHOOK_URL && !result.data.NOTIFY_WEBHOOK_SECRET) {
    // Unsigned, anyone who found the URL could send notices as us (docs/security.md, V9).
    throw new EnvError(
      'Invalid configuration: NOTIFY_WEBHOOK_URL needs NOTIFY_WEBHOOK_SECRET (the key its notices are signed with)',
      ['NOTIFY_WEBHOOK_SECRET: required with NOTIFY_WEBHOOK_URL'],
    );
  }
  if (!local && result.data.COGNITO_DOMAIN && !/^https?:\/\/[^/]/.test(source.SITE_URL ?? '')) {
    throw new EnvError(
      'Invalid configuration: COGNITO_DOMAIN needs SITE_URL (the public origin its callback and sign-out URLs are on)',
      ['SITE_URL: required with COGNITO_DOMAIN'],
    );
  }
  const secrets = result.data.SESSION_SECRET;
  // Stable ids, plus the positional ones that open older seals (docs/architecture.md §3.1).
  const sessionPasswords = Object.fromEntries([
    ...secrets.map((s, i) => [String(secrets.length - i), s]),
    ...secrets.map((s) => [secretId(s), s]),
  ]);
  const { SESSION_IDLE_TIMEOUT: idleS, SESSION_MAX_AGE: maxS } = result.data;
  if (idleS > maxS) {
    throw new EnvError(
      'Invalid configuration: SESSION_IDLE_TIMEOUT is longer than SESSION_MAX_AGE',
      ['SESSION_IDLE_TIMEOUT: must not exceed SESSION_MAX_AGE'],
    );
  }
  return {
    ...result.data,
    mode: local ? 'local' : 'production',
    sessionPasswords,
    sessionSealId: secretId(secrets[0]!),
    sessionLimits: { idleS, maxS },
  };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
