import 'server-only';
import * as oauth from 'oauth4webapi';
import { tokensFrom, type Tokens } from '@/lib/cognito';
import { issuerUrl } from '@/lib/cognito/endpoints';
import { getEnv, siteUrl, type Env } from '@/lib/env';
import { log } from '@/lib/log';
import { challengeFor } from './pkce';

/**
 * Cognito's hosted sign-in (docs/product.md §7.2) for "Continue with Google": the authorization code
 * grant with PKCE, done wholly by the server. The browser only ever carries the redirects; the code
 * is exchanged here, and the tokens go into the sealed session cookies like a password sign-in's.
 */

export const CALLBACK_PATH = '/api/auth/callback';
/**
 * `aws.cognito.signin.user.admin` lets the access token call the user API (profile, sign-out
 * everywhere) as a password sign-in's does; openid, email and profile give the id token its claims.
 */
export const HOSTED_SCOPES = ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'];
/** Spec §9: a sign-out's redirect gives up after 3 s. */
export const SIGN_OUT_TIMEOUT_MS = 3000;

export const hostedSignInEnabled = (env: Env = getEnv()) => Boolean(env.COGNITO_DOMAIN);

function server(env: Env): oauth.AuthorizationServer {
  const domain = env.COGNITO_DOMAIN;
  if (!domain) throw new Error('COGNITO_DOMAIN is not set');
  return {
    // The id token's issuer is the pool, not the domain (Cognito's discovery document says so).
    issuer: issuerUrl(env),
    authorization_endpoint: `${domain}/oauth2/authorize`,
    token_endpoint: `${domain}/oauth2/token`,
    revocation_endpoint: `${domain}/oauth2/revoke`,
  };
}

const client = (env: Env): oauth.Client => ({ client_id: env.COGNITO_CLIENT_ID });
const clientAuth = (env: Env) =>
  env.COGNITO_CLIENT_SECRET ? oauth.ClientSecretBasic(env.COGNITO_CLIENT_SECRET) : oauth.None();

/**
 * The origin our callback and sign-out URLs are on, which must match the app client's lists
 * exactly. Production: SITE_URL, never a Host header someone can write. Locally: the address the
 * person opened, as the Host header names it (localhost or 127.0.0.1, both listed by the local
 * pool), so cookies set on it come back with the callback. Not the request's own URL: the server
 * builds that on the address it listens on, an instance's port behind the local balancer.
 */
export function appOrigin(host: string | null | undefined, env: Env = getEnv()): string {
  if (env.mode === 'local' && host) {
    try {
      const url = new URL(`http://${host}`);
      const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
      if (loopback && url.host === host) return url.origin;
    } catch {
      // Not a host: the configured origin below.
    }
  }
  return siteUrl().origin;
}

export const callbackUrl = (origin: string) => `${origin}${CALLBACK_PATH}`;
export const signedOutUrl = (origin: string) => `${origin}/login`;

/** Where the browser goes to sign in with Google: the pool's authorize endpoint, Google chosen. */
export async function authorizeUrl(
  flow: { state: string; verifier: string },
  origin: string,
  env: Env = getEnv(),
): Promise<string> {
  const url = new URL(server(env).authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: env.COGNITO_CLIENT_ID,
    redirect_uri: callbackUrl(origin),
    state: flow.state,
    scope: HOSTED_SCOPES.join(' '),
    code_challenge: await challengeFor(flow.verifier),
    code_challenge_method: 'S256',
    identity_provider: 'Google',
  }).toString();
  return url.toString();
}

/**
 * The pool's /logout, which ends the hosted session and comes back to /login. Its logout_uri is
 * exact (no query): why someone was sent there travels in a cookie.
 */
export function logoutUrl(origin: string, env: Env = getEnv()): string {
  const url = new URL(`${env.COGNITO_DOMAIN}/logout`);
  url.search = new URLSearchParams({
    client_id: env.COGNITO_CLIENT_ID,
    logout_uri: signedOutUrl(origin),
  }).toString();
  return url.toString();
}

/** Why a callback did not end in tokens. */
export type ExchangeFailure =
  /** The person pressed Cancel (Google's, or the hosted page's): access_denied. */
  | 'cancelled'
  /** The code was used already or is too old (invalid_grant). */
  | 'expired'
  /** Cognito could not be reached, timed out, or failed. */
  | 'unavailable'
  /** Any other refusal (misconfigured client, redirect mismatch, a malformed answer). */
  | 'failed';

const requestOptions = (env: Env) => ({
  signal: AbortSignal.timeout(env.UPSTREAM_TIMEOUT_MS),
  [oauth.allowInsecureRequests]: env.mode === 'local',
});

/**
 * Checks the callback's parameters against the flow it belongs to and exchanges the code (with the
 * PKCE verifier) for tokens at the token endpoint.
 */
export async function exchangeCode(
  callback: URLSearchParams,
  flow: { state: string; verifier: string },
  origin: string,
  env: Env = getEnv(),
): Promise<{ ok: true; tokens: Tokens } | { ok: false; reason: ExchangeFailure }> {
  const as = server(env);
  try {
    const params = oauth.validateAuthResponse(as, client(env), callback, flow.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client(env),
      clientAuth(env),
      params,
      callbackUrl(origin),
      flow.verifier,
      requestOptions(env),
    );
    if (response.status >= 500) {
      log.warn('oauth.token_unavailable', { status: response.status });
      return { ok: false, reason: 'unavailable' };
    }
    const result = await oauth.processAuthorizationCodeResponse(as, client(env), response);
    if (!result.id_token) throw new Error('token answer without an id token');
    const tokens = tokensFrom({
      AccessToken: result.access_token,
      IdToken: result.id_token,
      RefreshToken: result.refresh_token,
      ExpiresIn: result.expires_in,
    });
    return { ok: true, tokens };
  } catch (error) {
    return { ok: false, reason: classify(error) };
  }
}

function classify(error: unknown): ExchangeFailure {
  if (error instanceof oauth.AuthorizationResponseError) {
    log.info('oauth.refused', { error: error.error });
    return error.error === 'access_denied' ? 'cancelled' : 'failed';
  }
  if (error instanceof oauth.ResponseBodyError) {
    log.warn('oauth.token_refused', { error: error.error, status: error.status });
    return error.error === 'invalid_grant' ? 'expired' : 'failed';
  }
  const name = error instanceof Error ? error.name : typeof error;
  // Timeouts (TimeoutError/AbortError) and network failures (fetch's TypeError).
  if (name === 'TimeoutError' || name === 'AbortError' || error instanceof TypeError) {
    log.warn('oauth.token_unavailable', { reason: name });
    return 'unavailable';
  }
  log.error('oauth.token_failed', { reason: name, message: (error as Error)?.message });
  return 'failed';
}
