import { createHash, createHmac, timingSafeEqual, type Hash, type Hmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import { POOL_ID, REGION } from './config';
import { CognitoError } from './errors';
import { templatePool } from './pool-template';

/**
 * The IAM side of the pool's API: the administrator operations (Admin*, ListUsers) are signed
 * AWS requests (Signature Version 4) that IAM allows or denies by policy; the others are
 * authorized by the app client and the user's tokens, and AWS ignores IAM for them (API
 * reference: "Amazon Cognito doesn't evaluate Identity and Access Management (IAM) policies in
 * requests for this API operation"). Two local principals sign here:
 *
 * - the host (`local` / `local`, what the web app's admin client uses on the local stack), whose
 *   policy allows the actions the README tells operators to allow and nothing else, so an admin
 *   call the product starts making without its README line is denied here first;
 * - an operator (`local-operator` / `local-operator`), allowed every action, for tests and tools.
 *
 * The signature is checked with the SDK's own signer (`@smithy/signature-v4`), recomputed over
 * the headers the request says it signed. An unsigned admin call is refused as AWS refuses it
 * only with IDENTITY_REQUIRE_SIGNATURE=on: unsigned, it stays the local stack's test hook
 * (docs/architecture.md §4), which tests outside this repository call.
 */

/**
 * The actions the host needs: the host policy of infra/user-pool.yaml (README.md, "The host's
 * permissions", lists the same).
 */
export const HOST_ACTIONS: readonly string[] = templatePool().hostActions;

export const LOCAL_HOST_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_OPERATOR_CREDENTIALS = {
  accessKeyId: 'local-operator',
  secretAccessKey: 'local-operator',
};

const ACCOUNT = '000000000000';

/**
 * Whether AWS authorizes an operation through IAM: the administrator operations, and the pool's
 * own configuration (GetUserPoolMfaConfig: "Amazon Cognito evaluates Identity and Access Management
 * (IAM) policies in requests for this API operation", API reference).
 */
export const isIamOperation = (name: string) =>
  name.startsWith('Admin') || name === 'ListUsers' || name === 'GetUserPoolMfaConfig';

/** node:crypto as the signer's hash: SHA-256, or HMAC-SHA256 with a key. */
type Data = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: Data) =>
  typeof data === 'string'
    ? Buffer.from(data)
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

class NodeSha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: Data) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: Data): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(this.hash.digest());
  }
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;
/** How far a request's X-Amz-Date may be from the clock (AWS: 15 minutes). */
const SKEW_MS = 15 * 60 * 1000;

const missingToken = () =>
  new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token');
const badSignature = () =>
  new CognitoError(
    'InvalidSignatureException',
    'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
  );

function amzDate(value: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

export interface IamPolicy {
  /** IDENTITY_REQUIRE_SIGNATURE=on: an unsigned admin call is refused as AWS refuses it. */
  requireSignature: boolean;
  /** IDENTITY_HOST_ALLOWED_ACTIONS: what the host may call ("*": everything). */
  hostActions: readonly string[];
}

/**
 * Checks an administrator call's signature and the signer's permission; throws Cognito's (AWS's)
 * answer when either fails. Other operations pass untouched.
 */
export async function authorizeIam(
  operation: string,
  req: IncomingMessage,
  body: Buffer,
  policy: IamPolicy,
  now: number,
): Promise<void> {
  if (!isIamOperation(operation)) return;
  const header = req.headers.authorization;
  if (!header) {
    if (policy.requireSignature) throw missingToken();
    return;
  }
  const m = AUTHORIZATION.exec(header);
  if (!m)
    throw new CognitoError('IncompleteSignatureException', 'Authorization header is invalid.');
  const [, accessKeyId, day, region, service, signedHeaders, signature] = m as unknown as string[];
  const principal = [LOCAL_HOST_CREDENTIALS, LOCAL_OPERATOR_CREDENTIALS].find(
    (c) => c.accessKeyId === accessKeyId,
  );
  if (!principal)
    throw new CognitoError(
      'UnrecognizedClientException',
      'The security token included in the request is invalid.',
    );
  const dateHeader = req.headers['x-amz-date'];
  const at = typeof dateHeader === 'string' ? amzDate(dateHeader) : undefined;
  if (at === undefined || !String(dateHeader).startsWith(day!)) throw badSignature();
  if (Math.abs(at - now) > SKEW_MS)
    throw new CognitoError('InvalidSignatureException', 'Signature expired.');
  const headers: Record<string, string> = {};
  for (const name of signedHeaders!.split(';')) {
    const value = req.headers[name];
    if (value === undefined) throw badSignature();
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // The signer takes a declared payload hash as given: it must be the body's.
  const declared = headers['x-amz-content-sha256'];
  if (declared !== undefined && declared !== createHash('sha256').update(body).digest('hex'))
    throw badSignature();
  const signer = new SignatureV4({
    credentials: principal,
    region: region!,
    service: service!,
    sha256: NodeSha256,
  });
  const signed = await signer.sign(
    {
      method: req.method ?? 'POST',
      protocol: 'http:',
      hostname: (headers.host ?? '').split(':')[0] ?? '',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      query: {},
      headers,
      body: body.toString('utf8'),
    },
    { signingDate: new Date(at) },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1];
  if (
    !expected ||
    service !== 'cognito-idp' ||
    !timingSafeEqual(Buffer.from(expected), Buffer.from(signature!))
  )
    throw badSignature();
  if (principal === LOCAL_OPERATOR_CREDENTIALS) return;
  if (policy.hostActions.includes('*') || policy.hostActions.includes(operation)) return;
  throw new CognitoError(
    'AccessDeniedException',
    `User: arn:aws:iam::${ACCOUNT}:user/local is not authorized to perform: cognito-idp:${operation} on resource: arn:aws:cognito-idp:${REGION}:${ACCOUNT}:userpool/${POOL_ID} because no identity-based policy allows the cognito-idp:${operation} action`,
  );
}
