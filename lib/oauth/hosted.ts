import 'server-only';
import * as oauth from 'oauth4webapi';
import { tokensFrom, type Tokens } from '@/lib/cognito';
import { issuerUrl } from '@/lib/cognito/endpoints';
import { getEnv, siteUrl, type Env } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { challengeFor } from './pkce';
import { errorName } from '@/lib/runtime/error-name';
import { timedUpstream } from '@/lib/runtime/metrics';
import { sharedUpstreamGuard } from '@/lib/upstream/guard';

export const CALLBACK_PATH = '/api/auth/callback';
// `aws.cognito.signin.user.admin` lets the access token call the user API (profile, sign-out).
export const HOSTED_SCOPES = ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'];
// docs/product.md §9.4
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

// Must match the app client's URL lists exactly. Production: SITE_URL, never a writable Host;
// locally the loopback Host the person opened (the request URL names the instance's port instead).
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

export async function authorizeUrl(
  flow: { state: string; verifier: string; purpose?: 'delete' },
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
    // A deletion asks Google to sign in again rather than reuse its session (decision 048).
    ...(flow.purpose === 'delete' ? { prompt: 'login' } : {}),
  }).toString();
  return url.toString();
}

/** logout_uri must match exactly (no query), so why someone was sent there travels in a cookie. */
export function logoutUrl(origin: string, env: Env = getEnv()): string {
  const url = new URL(`${env.COGNITO_DOMAIN}/logout`);
  url.search = new URLSearchParams({
    client_id: env.COGNITO_CLIENT_ID,
    logout_uri: signedOutUrl(origin),
  }).toString();
  return url.toString();
}

export type ExchangeFailure = 'cancelled' | 'expired' | 'unavailable' | 'failed';

const requestOptions = (env: Env) => ({ [oauth.allowInsecureRequests]: env.mode === 'local' });

/** The token endpoint: within UPSTREAM_TIMEOUT_MS, capped, behind a breaker (decision 039). */
const tokenEndpoint = (env: Env) =>
  sharedUpstreamGuard(
    `cognito-hosted ${env.COGNITO_DOMAIN} ${env.UPSTREAM_TIMEOUT_MS}`,
    'cognito-hosted',
    env.UPSTREAM_TIMEOUT_MS,
  );

export async function exchangeCode(
  callback: URLSearchParams,
  flow: { state: string; verifier: string },
  origin: string,
  env: Env = getEnv(),
): Promise<
  { ok: true; tokens: Tokens; authTime?: number } | { ok: false; reason: ExchangeFailure }
> {
  const as = server(env);
  try {
    const params = oauth.validateAuthResponse(as, client(env), callback, flow.state);
    const response = await timedUpstream('cognito-hosted', 'token', () =>
      tokenEndpoint(env)((signal) =>
        oauth.authorizationCodeGrantRequest(
          as,
          client(env),
          clientAuth(env),
          params,
          callbackUrl(origin),
          flow.verifier,
          { ...requestOptions(env), signal },
        ),
      ),
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
    const authTime = oauth.getValidatedIdTokenClaims(result)?.auth_time;
    return { ok: true, tokens, ...(typeof authTime === 'number' ? { authTime } : {}) };
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
  const name = errorName(error, typeof error);
  // fetch rejects with a TypeError when the network fails.
  if (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    name === 'UpstreamRefused' ||
    error instanceof TypeError
  ) {
    log.warn('oauth.token_unavailable', { reason: name });
    return 'unavailable';
  }
  log.error('oauth.token_failed', { reason: name, message: (error as Error)?.message });
  return 'failed';
}
