/**
 * Cognito's user pool domain endpoints (authorization code grant with PKCE) on the service's own
 * origin, and the local stand-in for Google (local/identity/README.md, "Hosted OAuth endpoints"):
 *   GET  /oauth2/authorize      → the Google stand-in's page, or a redirect with an error
 *   GET  /google/signin         the stand-in's page; POST: Continue or Cancel
 *   POST /oauth2/token          authorization_code and refresh_token grants
 *   GET  /oauth2/userInfo       the user's attributes (access token with openid)
 *   POST /oauth2/revoke         revokes a refresh token (and its access tokens)
 *   GET  /logout                to an allowed sign-out URL
 *   GET  /error                 Cognito's error page
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { accessAndId, checkRefreshUser, rotate } from './ops/auth';
import {
  AUTHORIZATION_CODE_TTL_MS,
  CLIENT_ID,
  OAUTH_SCOPES,
  PENDING_AUTHORIZATION_TTL_MS,
} from './config';
import { readable } from './attributes';
import { CognitoError } from './errors';
import { chooserPage, errorPage, GOOGLE_PAGE_PATH, googlePage } from './google-page';
import { BodyTooLargeError, readBody, sendJson } from './protocol';
import type { IdentityService } from './service';
import { newUserRecord, type UserRecord } from './store';
import { usernameOf } from './tokens';

/** RFC 7636: BASE64URL(SHA256(ASCII(code_verifier))). */
export const s256 = (verifier: string) =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** Google's `sub` for an address here: 21 digits, stable per address (case-insensitive). */
export function googleSubFor(email: string): string {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `1${(BigInt(`0x${hash}`) % 10n ** 20n).toString().padStart(20, '0')}`;
}

/** An authorize request waiting for the stand-in's answer (server-side; the page carries its id). */
interface PendingAuthorization {
  redirectUri: string;
  state?: string;
  scope: string;
  codeChallenge?: string;
  nonce?: string;
  expiresAt: number;
}

interface CodeRecord {
  sub: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge?: string;
  nonce?: string;
  expiresAt: number;
}

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { ...HTML_HEADERS, 'content-length': Buffer.byteLength(html) });
  res.end(html);
}

function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}) {
  res.writeHead(302, { location, 'cache-control': 'no-store', ...headers });
  res.end();
}

/** `uri` with `params` added to its query (in this order; undefined ones left out). */
function withParams(uri: string, params: [string, string | undefined][]): string {
  const url = new URL(uri);
  for (const [key, value] of params) if (value !== undefined) url.searchParams.append(key, value);
  return url.toString();
}

/** The redirect to Cognito's error page that /oauth2/authorize and /logout answer without redirect_uri. */
const errorRedirect = (res: ServerResponse, error: string, clientId?: string) =>
  redirect(
    res,
    `/error?${new URLSearchParams({ error, ...(clientId ? { client_id: clientId } : {}) }).toString()}`,
  );

/** An OAuth error as the token, revoke and userInfo endpoints answer it. */
class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly status = 400,
    readonly description?: string,
  ) {
    super(error);
  }
}

const oauthError = (res: ServerResponse, err: OAuthError, headers: Record<string, string> = {}) => {
  for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
  res.setHeader('pragma', 'no-cache');
  sendJson(res, err.status, {
    error: err.error,
    ...(err.description ? { error_description: err.description } : {}),
  });
};

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const raw = await readBody(req, 64 * 1024);
  if (type !== 'application/x-www-form-urlencoded') throw new OAuthError('invalid_request');
  return new URLSearchParams(raw.toString('utf8'));
}

const equalSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The token and revoke endpoints' client authentication: HTTP Basic (client_secret_basic), or
 * client_id (and client_secret, client_secret_post) in the body. A confidential app client
 * (IDENTITY_CLIENT_SECRET) must prove its secret.
 */
function authenticateClient(svc: IdentityService, req: IncomingMessage, form: URLSearchParams) {
  const header = req.headers.authorization;
  let clientId = form.get('client_id') ?? undefined;
  let secret = form.get('client_secret') ?? undefined;
  if (header !== undefined) {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
    const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError('invalid_client');
    const basicId = decodeURIComponent(decoded.slice(0, colon));
    if (clientId !== undefined && clientId !== basicId) throw new OAuthError('invalid_client');
    clientId = basicId;
    secret = decodeURIComponent(decoded.slice(colon + 1));
  }
  if (!clientId) throw new OAuthError('invalid_request');
  if (clientId !== CLIENT_ID) throw new OAuthError('invalid_client');
  const expected = svc.settings.clientSecret;
  if (expected ? !secret || !equalSecret(secret, expected) : secret)
    throw new OAuthError('invalid_client');
  return clientId;
}

// ---- GET /oauth2/authorize ----

function authorize(svc: IdentityService, res: ServerResponse, url: URL): void {
  const q = url.searchParams;
  const clientId = q.get('client_id') ?? '';
  const redirectUri = q.get('redirect_uri') ?? '';
  // Without a known client and one of its callback URLs, Cognito does not redirect: its error page.
  if (clientId !== CLIENT_ID) return errorRedirect(res, 'invalid_request', clientId || undefined);
  if (!svc.settings.callbackUrls.includes(redirectUri))
    return errorRedirect(res, 'redirect_mismatch', clientId);

  const state = q.get('state') ?? undefined;
  const fail = (error: string, description?: string) =>
    redirect(
      res,
      withParams(redirectUri, [
        ['error_description', description],
        ['state', state],
        ['error', error],
      ]),
    );
  const responseType = q.get('response_type');
  if (!responseType) return fail('invalid_request');
  // The app client allows the authorization code grant only (no implicit grant).
  if (responseType === 'token') return fail('unauthorized_client');
  if (responseType !== 'code') return fail('unsupported_response_type');

  const asked = (q.get('scope') ?? '').split(' ').filter(Boolean);
  if (asked.some((s) => !(OAUTH_SCOPES as readonly string[]).includes(s)))
    return fail('invalid_scope');
  // No scope asked: Cognito grants every scope the app client allows.
  const scopes = asked.length ? [...new Set(asked)] : [...OAUTH_SCOPES];

  const codeChallenge = q.get('code_challenge') ?? undefined;
  const method = q.get('code_challenge_method') ?? undefined;
  // Cognito supports S256 only ("plain" is refused), and a method needs a challenge.
  if (codeChallenge !== undefined || method !== undefined) {
    if (method !== 'S256' || !codeChallenge || !/^[A-Za-z0-9_-]{43,128}$/.test(codeChallenge))
      return fail('invalid_request');
  }

  const providerName = q.get('identity_provider') ?? q.get('idp_identifier') ?? undefined;
  const enabled = svc.settings.identityProviders;
  if (providerName === undefined || providerName === 'COGNITO') {
    const google = new URL(url.toString());
    google.searchParams.set('identity_provider', 'Google');
    return sendHtml(
      res,
      200,
      chooserPage(enabled.includes('Google') ? `${google.pathname}${google.search}` : undefined),
    );
  }
  if (providerName !== 'Google' || !enabled.includes('Google'))
    return fail('invalid_request', 'The identity provider is not enabled for this client');

  const pending: PendingAuthorization = {
    redirectUri,
    state,
    scope: scopes.join(' '),
    codeChallenge,
    nonce: q.get('nonce') ?? undefined,
    expiresAt: svc.now() + PENDING_AUTHORIZATION_TTL_MS,
  };
  const id = randomBytes(32).toString('base64url');
  svc.store.putOAuth('pending', id, pending);
  redirect(res, `${GOOGLE_PAGE_PATH}?${new URLSearchParams({ authorization: id }).toString()}`);
}

// ---- the Google stand-in ----

function readPending(svc: IdentityService, id: string): PendingAuthorization | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
  const pending = svc.store.getOAuth<PendingAuthorization>('pending', id);
  if (!pending) return undefined;
  if (pending.expiresAt <= svc.now()) {
    svc.store.deleteOAuth('pending', id);
    return undefined;
  }
  return pending;
}

const expiredPage = (res: ServerResponse) =>
  sendHtml(
    res,
    400,
    errorPage('invalid_request', 'This sign-in has expired or was already answered: start again.'),
  );

/**
 * The federated user for a Google address, as Cognito makes it on a first sign-in (username
 * `Google_<sub>`, status EXTERNAL_PROVIDER, mapped attributes) and updates on each later one. A
 * native user with the same email stays a separate user.
 */
function federatedUser(svc: IdentityService, email: string, name: string): UserRecord {
  const googleSub = googleSubFor(email);
  const username = `Google_${googleSub}`;
  const now = svc.now();
  const existing = svc.store.getFederatedUser(username);
  if (existing) {
    existing.email = email;
    existing.attributes.email = email;
    existing.attributes.email_verified = 'true';
    if (name) existing.attributes.name = name;
    existing.updatedAt = now;
    svc.store.saveUser(existing);
    return existing;
  }
  const identities = JSON.stringify([
    {
      userId: googleSub,
      providerName: 'Google',
      providerType: 'Google',
      issuer: null,
      primary: true,
      dateCreated: now,
    },
  ]);
  const user = newUserRecord({
    email,
    passwordHash: '',
    status: 'EXTERNAL_PROVIDER',
    attributes: { email_verified: 'true', ...(name ? { name } : {}), identities },
    now,
  });
  user.username = username;
  svc.store.createFederatedUser(user);
  svc.log(`identity: federated user ${username} (${email}) created`);
  return user;
}

async function googleForm(svc: IdentityService, req: IncomingMessage, res: ServerResponse) {
  let form: URLSearchParams;
  try {
    form = await formBody(req);
  } catch (err) {
    if (err instanceof OAuthError || err instanceof BodyTooLargeError)
      return sendHtml(res, 400, errorPage('invalid_request'));
    throw err;
  }
  const id = form.get('authorization') ?? '';
  const pending = readPending(svc, id);
  if (!pending) return expiredPage(res);
  const back = (params: [string, string | undefined][]) => {
    svc.store.deleteOAuth('pending', id);
    redirect(res, withParams(pending.redirectUri, params));
  };
  // Cancel: Google answers access_denied, which Cognito passes on to the app.
  if (form.get('action') === 'cancel')
    return back([
      ['error_description', 'access_denied'],
      ['state', pending.state],
      ['error', 'access_denied'],
    ]);

  const email = (form.get('email') ?? '').trim();
  const name = (form.get('name') ?? '').trim().slice(0, 2048);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    return sendHtml(
      res,
      400,
      googlePage({ authorization: id, email, name, error: 'Enter an email address.' }),
    );
  }
  const user = federatedUser(svc, email, name);
  if (!user.enabled)
    return back([
      ['error_description', 'User is disabled.'],
      ['state', pending.state],
      ['error', 'invalid_request'],
    ]);
  const code = randomUUID();
  const record: CodeRecord = {
    sub: user.sub,
    clientId: CLIENT_ID,
    redirectUri: pending.redirectUri,
    scope: pending.scope,
    codeChallenge: pending.codeChallenge,
    nonce: pending.nonce,
    expiresAt: svc.now() + AUTHORIZATION_CODE_TTL_MS,
  };
  svc.store.putOAuth('code', code, record);
  back([
    ['code', code],
    ['state', pending.state],
  ]);
}

// ---- POST /oauth2/token ----

async function token(svc: IdentityService, req: IncomingMessage, res: ServerResponse) {
  const form = await formBody(req);
  const clientId = authenticateClient(svc, req, form);
  const grant = form.get('grant_type');
  if (!grant) throw new OAuthError('invalid_request');
  if (grant === 'client_credentials') throw new OAuthError('unauthorized_client');
  if (grant === 'refresh_token') return refreshGrant(svc, res, form);
  if (grant !== 'authorization_code') throw new OAuthError('unsupported_grant_type');

  const code = form.get('code');
  const redirectUri = form.get('redirect_uri');
  if (!code || !redirectUri) throw new OAuthError('invalid_request');
  // A callback URL the app client does not list (Cognito's answer here is not confirmed).
  if (!svc.settings.callbackUrls.includes(redirectUri)) throw new OAuthError('unauthorized_client');
  const record = /^[0-9a-f-]{36}$/.test(code)
    ? svc.store.getOAuth<CodeRecord>('code', code)
    : undefined;
  // Single use: whatever happens next, this code is spent.
  if (record) svc.store.deleteOAuth('code', code);
  if (!record || record.expiresAt <= svc.now() || record.clientId !== clientId)
    throw new OAuthError('invalid_grant');
  if (record.redirectUri !== redirectUri) throw new OAuthError('invalid_grant');
  if (record.codeChallenge !== undefined) {
    const verifier = form.get('code_verifier');
    if (!verifier) throw new OAuthError('invalid_request');
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || s256(verifier) !== record.codeChallenge)
      throw new OAuthError('invalid_grant');
  }
  const user = svc.store.getUser(record.sub);
  if (!user || !user.enabled) throw new OAuthError('invalid_grant');
  const tokens = await svc.issueTokens(user, { scope: record.scope, nonce: record.nonce });
  sendTokens(res, {
    ...idTokenFor(record.scope, tokens.IdToken),
    access_token: tokens.AccessToken,
    refresh_token: tokens.RefreshToken,
    expires_in: tokens.ExpiresIn,
    token_type: 'Bearer',
  });
}

/** Token endpoint reference: "an ID token is only provided if the openid scope was requested." */
function idTokenFor(scope: string | undefined, idToken: string): { id_token?: string } {
  return (scope ?? '').split(' ').includes('openid') ? { id_token: idToken } : {};
}

function sendTokens(res: ServerResponse, body: Record<string, unknown>) {
  res.setHeader('pragma', 'no-cache');
  sendJson(res, 200, body);
}

async function refreshGrant(svc: IdentityService, res: ServerResponse, form: URLSearchParams) {
  const refreshToken = form.get('refresh_token');
  if (!refreshToken) throw new OAuthError('invalid_request');
  try {
    const claims = await svc.keys.readRefresh(refreshToken, svc.now());
    const user = svc.store.getUser(claims.sub);
    if (!user) throw new OAuthError('invalid_grant');
    checkRefreshUser(svc, user, claims);
    // A hosted sign-in's refresh token names no device.
    const tokens = await accessAndId(svc, user, claims);
    const rotated = svc.settings.refreshTokenRotation ? await rotate(svc, user, claims) : undefined;
    sendTokens(res, {
      ...idTokenFor(claims.scope, tokens.IdToken),
      access_token: tokens.AccessToken,
      ...(rotated ? { refresh_token: rotated } : {}),
      expires_in: tokens.ExpiresIn,
      token_type: 'Bearer',
    });
  } catch (err) {
    if (err instanceof CognitoError) throw new OAuthError('invalid_grant');
    throw err;
  }
}

// ---- GET /oauth2/userInfo ----

const PROFILE_ATTRIBUTES = [
  'name',
  'family_name',
  'given_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'updated_at',
];
const INVALID_TOKEN =
  'Access token is expired, disabled, or deleted, or the user has globally signed out.';

async function userInfo(svc: IdentityService, req: IncomingMessage, res: ServerResponse) {
  req.resume();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!match?.[1]) {
    return oauthError(res, new OAuthError('invalid_request', 400), {
      'www-authenticate': 'error="invalid_request", error_description="Missing access token"',
    });
  }
  const invalid = (description: string) =>
    oauthError(res, new OAuthError('invalid_token', 401, description), {
      'www-authenticate': `error="invalid_token", error_description="${description}"`,
    });
  let user: UserRecord;
  let scopes: string[];
  try {
    const claims = await svc.keys.verifyAccess(match[1], svc.now());
    const found = svc.store.getUser(claims.sub);
    if (!found || !found.enabled || svc.isRevoked(found, claims.originJti))
      return invalid(INVALID_TOKEN);
    user = found;
    scopes = claims.scope.split(' ');
  } catch (err) {
    if (err instanceof CognitoError) return invalid(INVALID_TOKEN);
    throw err;
  }
  // Tokens from the user API (InitiateAuth…) carry no openid scope.
  if (!scopes.includes('openid')) return invalid('Access token does not contain openid scope');

  const attrs = readable(user.attributes, svc.settings.clientReadAttributes);
  const all = !scopes.some((s) => s === 'profile' || s === 'email' || s === 'phone');
  const picked: Record<string, string> = {};
  for (const [key, value] of Object.entries(attrs)) {
    const wanted =
      all ||
      key === 'sub' ||
      key === 'identities' ||
      (scopes.includes('profile') &&
        (PROFILE_ATTRIBUTES.includes(key) || key.startsWith('custom:'))) ||
      (scopes.includes('email') && (key === 'email' || key === 'email_verified')) ||
      (scopes.includes('phone') && (key === 'phone_number' || key === 'phone_number_verified'));
    if (wanted) picked[key] = value;
  }
  sendJson(res, 200, { ...picked, username: usernameOf(user) });
}

// ---- POST /oauth2/revoke ----

async function revoke(svc: IdentityService, req: IncomingMessage, res: ServerResponse) {
  const form = await formBody(req);
  const tokenText = form.get('token');
  authenticateClient(svc, req, form);
  if (!tokenText) throw new OAuthError('invalid_request');
  if (tokenText.split('.').length === 3) throw new OAuthError('unsupported_token_type');
  try {
    const claims = await svc.keys.readRefresh(tokenText, svc.now());
    svc.store.revoke(claims.originJti, claims.expiresAt);
  } catch (err) {
    // RFC 7009: an unknown or expired token is already unusable.
    if (!(err instanceof CognitoError)) throw err;
  }
  res.writeHead(200, { 'content-length': 0, 'cache-control': 'no-store' });
  res.end();
}

// ---- GET /logout ----

function logout(svc: IdentityService, res: ServerResponse, url: URL): void {
  const q = url.searchParams;
  const clientId = q.get('client_id') ?? '';
  if (clientId !== CLIENT_ID) return errorRedirect(res, 'invalid_request', clientId || undefined);
  const logoutUri = q.get('logout_uri');
  if (logoutUri !== null) {
    if (!svc.settings.logoutUrls.includes(logoutUri))
      return errorRedirect(res, 'redirect_mismatch', clientId);
    return redirect(res, logoutUri);
  }
  // With redirect_uri (and response_type, scope…): sign in again (here: the authorize endpoint).
  if (q.get('redirect_uri') !== null) return redirect(res, `/oauth2/authorize${url.search}`);
  errorRedirect(res, 'invalid_request', clientId);
}

/** Answers the hosted OAuth routes; false when `url` is none of them. */
export async function handleOAuth(
  svc: IdentityService,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const route = `${req.method ?? ''} ${url.pathname}`;
  const json = async (handler: () => Promise<void>) => {
    try {
      await handler();
    } catch (err) {
      if (err instanceof OAuthError) return oauthError(res, err);
      if (err instanceof BodyTooLargeError)
        return oauthError(res, new OAuthError('invalid_request'));
      throw err;
    }
  };
  switch (route) {
    case 'GET /oauth2/authorize':
      authorize(svc, res, url);
      return true;
    case `GET ${GOOGLE_PAGE_PATH}`: {
      const id = url.searchParams.get('authorization') ?? '';
      if (!readPending(svc, id)) expiredPage(res);
      else sendHtml(res, 200, googlePage({ authorization: id }));
      return true;
    }
    case `POST ${GOOGLE_PAGE_PATH}`:
      await googleForm(svc, req, res);
      return true;
    case 'POST /oauth2/token':
      await json(() => token(svc, req, res));
      return true;
    case 'GET /oauth2/userInfo':
    case 'POST /oauth2/userInfo':
      await userInfo(svc, req, res);
      return true;
    case 'POST /oauth2/revoke':
      await json(() => revoke(svc, req, res));
      return true;
    case 'GET /logout':
      logout(svc, res, url);
      return true;
    case 'GET /error':
      sendHtml(res, 400, errorPage(url.searchParams.get('error') ?? 'error'));
      return true;
    default:
      return false;
  }
}
