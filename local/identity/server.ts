import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MAX_BODY_BYTES, POOL_ID } from './config';
import { CognitoError, invalidParameter, notAuthorized, tooManyRequests, MESSAGES } from './errors';
import { declaresError, inputViolations, validationMessage } from './service-model';
import { withPeer } from './devices';
import { authorizeIam } from './iam';
import { handleLocal } from './local-routes';
import { handleOAuth } from './oauth';
import { OPERATIONS } from './ops';
import {
  AMZ_JSON,
  BodyTooLargeError,
  Input,
  readBody,
  sendCognitoError,
  sendJson,
  TARGET_PREFIX,
} from './protocol';
import { defaultTtls, IdentityService } from './service';
import { resolveSettings, type PoolSettings, type Preset } from './settings';
import { IdentityStore } from './store';
import { TokenKeys } from './tokens';

export interface IdentityServerOptions {
  /** 0 = ephemeral */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** The service keeps its files in `<dataDir>/identity`. */
  dataDir: string;
  /** seconds */
  accessTokenTtl?: number;
  idTokenTtl?: number;
  refreshTokenTtl?: number;
  /** default console.log; tests pass a no-op */
  log?: (line: string) => void;
  /** default true */
  seedDemo?: boolean;
  /** The clock (ms since epoch) for tokens, codes, sessions and lockouts; tests move it. */
  now?: () => number;
  /** scrypt cost as log2(N); default 12. */
  scryptLogN?: number;
  /** The app client's write attributes; default: every standard attribute, no custom one. */
  clientWriteAttributes?: ReadonlySet<string>;
  /** The pool's settings (client secret, user-existence errors, rotation…); unset ones keep the preset's. */
  settings?: Partial<PoolSettings>;
  /** Whose settings the unset ones take: the recommended ones (default) or the lenient ones. */
  preset?: Preset;
  /** Sees every answer to an API operation (tests check each against AWS's service model), and
   * the request it answered once that parsed. */
  observe?: (operation: string, status: number, body: unknown, request?: unknown) => void;
}

export interface IdentityServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The service's data folder under a LOCAL_DATA_DIR-style root. */
export const identityDataRoot = (dataDir: string) => path.join(dataDir, 'identity');

async function handleCognito(
  svc: IdentityService,
  observe: IdentityServerOptions['observe'],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let raw: Buffer;
  try {
    raw = await readBody(req, MAX_BODY_BYTES);
  } catch (err) {
    if (err instanceof BodyTooLargeError) {
      return sendCognitoError(
        res,
        new CognitoError(
          'RequestEntityTooLargeException',
          `Request body must not exceed ${MAX_BODY_BYTES} bytes.`,
          413,
        ),
      );
    }
    throw err;
  }
  const target = req.headers['x-amz-target'];
  const name =
    typeof target === 'string' && target.startsWith(TARGET_PREFIX)
      ? target.slice(TARGET_PREFIX.length)
      : undefined;
  const operation = name === undefined ? undefined : OPERATIONS.get(name);
  if (!operation) {
    return sendCognitoError(
      res,
      new CognitoError(
        'UnknownOperationException',
        `Unknown operation ${typeof target === 'string' ? target : '(no X-Amz-Target header)'}`,
      ),
    );
  }
  // The fault switch (POST /__local/faults): Cognito's throttling answer, or none at all.
  const fault = svc.faults.get(name ?? '') ?? svc.faults.get('*');
  if (fault === 'stall') return;
  if (fault === 'throttle') return sendCognitoError(res, tooManyRequests(MESSAGES.tooManyRequests));
  let request: unknown;
  try {
    // A signature's freshness is against the host's clock; tests move only the pool's.
    await authorizeIam(name!, req, raw, svc.settings, Date.now());
    const input = Input.parse(raw);
    request = input.fields;
    // Cognito checks a request against its input shape before anything else (service-model.ts).
    const violations = inputViolations(name!, input.fields);
    if (violations.length) throw invalidParameter(validationMessage(violations));
    const result = await withPeer(req.socket.remoteAddress, () => operation(svc, input));
    observe?.(name!, 200, JSON.parse(JSON.stringify(result)), request);
    sendJson(res, 200, result, AMZ_JSON);
  } catch (err) {
    if (err instanceof CognitoError) {
      const answer = declared(name!, err);
      observe?.(name!, answer.status, { __type: answer.type, message: answer.message }, request);
      return sendCognitoError(res, answer);
    }
    throw err;
  }
}

/**
 * A user deleted while their access token lives: operations whose model declares no
 * UserNotFoundException (GlobalSignOut, AssociateSoftwareToken, the passkey calls…) answer
 * NotAuthorizedException instead (the message is unconfirmed, local/identity/README.md).
 */
function declared(operation: string, err: CognitoError): CognitoError {
  if (err.type === 'UserNotFoundException' && !declaresError(operation, err.type))
    return notAuthorized(err.message);
  return err;
}

function openIdConfiguration(issuer: string) {
  // The hosted endpoints live on the pool's domain: here, the service's own origin.
  const origin = issuer.slice(0, issuer.lastIndexOf('/'));
  return {
    issuer,
    authorization_endpoint: `${origin}/oauth2/authorize`,
    token_endpoint: `${origin}/oauth2/token`,
    userinfo_endpoint: `${origin}/oauth2/userInfo`,
    revocation_endpoint: `${origin}/oauth2/revoke`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    response_types_supported: ['code', 'token'],
    scopes_supported: ['openid', 'email', 'phone', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
  };
}

/** Starts the Cognito-compatible user pool on `host:port`, with its data in `<dataDir>/identity`. */
export async function startIdentityServer(opts: IdentityServerOptions): Promise<IdentityServer> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? ((line: string) => console.log(line));
  const now = opts.now ?? Date.now;
  const store = new IdentityStore(identityDataRoot(opts.dataDir));
  const keys = await TokenKeys.open(store.root);
  const svc = new IdentityService({
    store,
    keys,
    now,
    log,
    ttl: defaultTtls(opts),
    scryptLogN: opts.scryptLogN,
    clientWriteAttributes: opts.clientWriteAttributes,
    settings: resolveSettings(opts.settings, opts.preset),
  });
  store.pruneSessions(now());
  const demoLine = opts.seedDemo === false ? undefined : await svc.seedDemo();

  const server = http.createServer((req, res) => {
    const done = (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname.startsWith('/__local/')) return handleLocal(svc, req, res, url);
      if (req.method === 'GET' && url.pathname === `/${POOL_ID}/.well-known/jwks.json`)
        return sendJson(res, 200, keys.jwks());
      if (req.method === 'GET' && url.pathname === `/${POOL_ID}/.well-known/openid-configuration`) {
        return sendJson(res, 200, openIdConfiguration(keys.issuer));
      }
      if (req.method === 'POST' && url.pathname === '/')
        return handleCognito(svc, opts.observe, req, res);
      if (await handleOAuth(svc, req, res, url)) return;
      req.resume();
      sendJson(res, 404, { error: `Not found: ${req.method ?? ''} ${url.pathname}` });
    })();
    done.catch((err: unknown) => {
      log(
        `identity: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      if (!res.headersSent)
        sendCognitoError(res, new CognitoError('InternalErrorException', 'Internal error', 500));
      else res.destroy();
    });
  });
  // Outlive the clients' idle keep-alive (undici 4 s, SDK agents longer), so a client never sends on
  // a socket the server is closing at that moment (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 70_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const publicHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${publicHost}:${port}`;
  keys.issuer = `${url}/${POOL_ID}`;
  if (demoLine) log(demoLine);

  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export { CLIENT_ID, POOL_ID, REGION } from './config';
