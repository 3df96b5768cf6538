/**
 * A software passkey authenticator for tests: it answers the options a pool hands out
 * (CredentialCreationOptions, CREDENTIAL_REQUEST_OPTIONS) with the JSON a browser would send back
 * (RegistrationResponseJSON, AuthenticationResponseJSON), signed with a key of its own.
 *
 * Each instance holds one credential (an ES256 key by default; Ed25519 to try an algorithm a pool
 * refuses). Attestation is "none", as browsers send when a relying party asks for none. Every
 * ceremony can be bent for negative cases: another origin, relying party, type or challenge, no
 * user verification, a stale signature counter.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

type Json = Record<string, unknown>;

export interface CeremonyOverrides {
  /** The origin the "browser" puts in clientDataJSON (default: the authenticator's). */
  origin?: string;
  /** The relying party whose id hash goes into authenticatorData (default: the options' rp id). */
  rpId?: string;
  /** clientDataJSON.type (default webauthn.create / webauthn.get). */
  type?: string;
  /** The challenge signed (default: the options' challenge). */
  challenge?: string;
  /** Whether the user was verified (default: the authenticator's setting). */
  userVerified?: boolean;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
}

export interface SoftwareAuthenticatorOptions {
  /** The web origin the ceremonies run on, e.g. http://localhost:3000. */
  origin: string;
  /** Whether the authenticator verifies its user (PIN, biometrics). Default true. */
  userVerification?: boolean;
  algorithm?: 'ES256' | 'Ed25519';
  /** 16 bytes, as a UUID; default all zero (what many authenticators send with attestation none). */
  aaguid?: string;
  transports?: string[];
  attachment?: 'platform' | 'cross-platform';
}

const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

// authenticatorData flags (WebAuthn §6.1).
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function uint32(n: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n >>> 0);
  return out;
}

function parseOptions(options: unknown): Json {
  const value = typeof options === 'string' ? (JSON.parse(options) as unknown) : options;
  if (typeof value !== 'object' || value === null) throw new Error('options must be an object');
  return value as Json;
}

export class SoftwareAuthenticator {
  readonly origin: string;
  readonly credentialId: string;
  readonly userVerification: boolean;
  readonly algorithm: 'ES256' | 'Ed25519';
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly aaguid: Buffer;
  private readonly transports: string[];
  private readonly attachment: 'platform' | 'cross-platform';
  /** The user handle the relying party gave at registration (base64url), sent back at sign-in. */
  userHandle?: string;
  counter = 0;

  constructor(options: SoftwareAuthenticatorOptions) {
    this.origin = options.origin;
    this.userVerification = options.userVerification ?? true;
    this.algorithm = options.algorithm ?? 'ES256';
    const pair =
      this.algorithm === 'ES256'
        ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
        : generateKeyPairSync('ed25519');
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.credentialId = b64url(randomBytes(32));
    this.aaguid = Buffer.from((options.aaguid ?? '0'.repeat(32)).replace(/-/g, ''), 'hex');
    this.transports = options.transports ?? ['internal', 'hybrid'];
    this.attachment = options.attachment ?? 'platform';
  }

  /** The public key as COSE_Key (RFC 9053): EC2 P-256 / ES256 (-7), or OKP Ed25519 / EdDSA (-8). */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const x = Buffer.from(jwk.x ?? '', 'base64url');
    const key =
      this.algorithm === 'ES256'
        ? new Map<number, number | Uint8Array>([
            [1, 2],
            [3, -7],
            [-1, 1],
            [-2, x],
            [-3, Buffer.from(jwk.y ?? '', 'base64url')],
          ])
        : new Map<number, number | Uint8Array>([
            [1, 1],
            [3, -8],
            [-1, 6],
            [-2, x],
          ]);
    return isoCBOR.encode(key);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  private flags(userVerified: boolean | undefined, extra = 0): number {
    return UP | ((userVerified ?? this.userVerification) ? UV : 0) | extra;
  }

  /** Answers CredentialCreationOptions (an object or its JSON) with a RegistrationResponseJSON. */
  register(creationOptions: unknown, overrides: CeremonyOverrides = {}): Json {
    const options = parseOptions(creationOptions);
    const rp = options.rp as { id?: string } | undefined;
    const user = options.user as { id?: string } | undefined;
    const rpId = overrides.rpId ?? rp?.id ?? new URL(this.origin).hostname;
    this.userHandle = user?.id;
    const clientDataJSON = this.clientData(
      overrides.type ?? 'webauthn.create',
      overrides.challenge ?? String(options.challenge),
      overrides.origin ?? this.origin,
    );
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(overrides.userVerified, AT)]),
      uint32(overrides.counter ?? this.counter),
      this.aaguid,
      idLength,
      credentialId,
      this.coseKey(),
    ]);
    const attestation: [string, string | Uint8Array | Map<string, number>][] = [
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ];
    const attestationObject = isoCBOR.encode(new Map(attestation));
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: this.transports,
        publicKeyAlgorithm: this.algorithm === 'ES256' ? -7 : -8,
        publicKey: b64url(this.publicKey.export({ format: 'der', type: 'spki' })),
        authenticatorData: b64url(authData),
      },
      clientExtensionResults: {},
      authenticatorAttachment: this.attachment,
    };
  }

  /** Answers CREDENTIAL_REQUEST_OPTIONS (an object or its JSON) with an AuthenticationResponseJSON. */
  authenticate(requestOptions: unknown, overrides: CeremonyOverrides = {}): Json {
    const options = parseOptions(requestOptions);
    const rpId =
      overrides.rpId ?? (options.rpId as string | undefined) ?? new URL(this.origin).hostname;
    this.counter = overrides.counter ?? this.counter + 1;
    const clientDataJSON = this.clientData(
      overrides.type ?? 'webauthn.get',
      overrides.challenge ?? String(options.challenge),
      overrides.origin ?? this.origin,
    );
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(overrides.userVerified)]),
      uint32(this.counter),
    ]);
    const signed = Buffer.concat([authData, sha256(clientDataJSON)]);
    const signature =
      this.algorithm === 'ES256'
        ? sign('sha256', signed, this.privateKey)
        : sign(null, signed, this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: this.attachment,
    };
  }
}

// ---- the browser's WebAuthn API over a software authenticator (for clients such as Amplify) ----

const toB64url = (value: unknown): unknown =>
  value instanceof ArrayBuffer || ArrayBuffer.isView(value)
    ? Buffer.from(
        value instanceof ArrayBuffer
          ? new Uint8Array(value)
          : new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
      ).toString('base64url')
    : value;

/** PublicKeyCredential*Options as a browser is handed them (buffers) → their JSON form. */
function optionsJson(options: Json): Json {
  const out: Json = { ...options, challenge: toB64url(options.challenge) };
  if (options.user) {
    const user = options.user as Json;
    out.user = { ...user, id: toB64url(user.id) };
  }
  for (const list of ['allowCredentials', 'excludeCredentials'])
    if (Array.isArray(options[list]))
      out[list] = (options[list] as Json[]).map((c) => ({ ...c, id: toB64url(c.id) }));
  return out;
}

const buffer = (b64: unknown): ArrayBuffer => {
  const bytes = Buffer.from(String(b64), 'base64url');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};

/**
 * Defines `window`, `navigator.credentials` and the WebAuthn classes on the global object, as a
 * browser on `authenticator.origin` has them, answered by `authenticator`; returns what undoes it.
 * The credentials it hands back are instances of the classes defined, so a client's `instanceof`
 * checks hold.
 */
export function installBrowserWebAuthn(authenticator: SoftwareAuthenticator): () => void {
  class AuthenticatorResponse {
    constructor(readonly clientDataJSON: ArrayBuffer) {}
  }
  class AuthenticatorAttestationResponse extends AuthenticatorResponse {
    constructor(private readonly json: Json) {
      super(buffer(json.clientDataJSON));
    }
    get attestationObject() {
      return buffer(this.json.attestationObject);
    }
    getTransports() {
      return this.json.transports as string[];
    }
    getPublicKeyAlgorithm() {
      return this.json.publicKeyAlgorithm as number;
    }
    getAuthenticatorData() {
      return buffer(this.json.authenticatorData);
    }
    getPublicKey() {
      return buffer(this.json.publicKey);
    }
  }
  class AuthenticatorAssertionResponse extends AuthenticatorResponse {
    readonly authenticatorData: ArrayBuffer;
    readonly signature: ArrayBuffer;
    readonly userHandle: ArrayBuffer | null;
    constructor(json: Json) {
      super(buffer(json.clientDataJSON));
      this.authenticatorData = buffer(json.authenticatorData);
      this.signature = buffer(json.signature);
      this.userHandle = json.userHandle ? buffer(json.userHandle) : null;
    }
  }
  class PublicKeyCredential {
    readonly id: string;
    readonly rawId: ArrayBuffer;
    readonly type = 'public-key';
    readonly authenticatorAttachment: string | null;
    readonly response: AuthenticatorResponse;
    constructor(json: Json, response: AuthenticatorResponse) {
      this.id = String(json.id);
      this.rawId = buffer(json.rawId);
      this.authenticatorAttachment = (json.authenticatorAttachment as string) ?? null;
      this.response = response;
    }
    getClientExtensionResults() {
      return {};
    }
  }
  const credentials = {
    create: async ({ publicKey }: { publicKey: Json }) => {
      const json = authenticator.register(optionsJson(publicKey));
      return new PublicKeyCredential(
        json,
        new AuthenticatorAttestationResponse(json.response as Json),
      );
    },
    get: async ({ publicKey }: { publicKey: Json }) => {
      const json = authenticator.authenticate(optionsJson(publicKey));
      return new PublicKeyCredential(
        json,
        new AuthenticatorAssertionResponse(json.response as Json),
      );
    },
  };
  const g = globalThis as Record<string, unknown>;
  const saved = Object.fromEntries(
    [
      'window',
      'PublicKeyCredential',
      'AuthenticatorAttestationResponse',
      'AuthenticatorAssertionResponse',
    ].map((name) => [name, Object.getOwnPropertyDescriptor(g, name)]),
  );
  const nav = g.navigator as Record<string, unknown> | undefined;
  const savedCredentials = nav && Object.getOwnPropertyDescriptor(nav, 'credentials');
  const define = (target: object, name: string, value: unknown) =>
    Object.defineProperty(target, name, { value, configurable: true, writable: true });
  define(g, 'PublicKeyCredential', PublicKeyCredential);
  define(g, 'AuthenticatorAttestationResponse', AuthenticatorAttestationResponse);
  define(g, 'AuthenticatorAssertionResponse', AuthenticatorAssertionResponse);
  define(g, 'window', {
    isSecureContext: true,
    document: {},
    location: new URL(authenticator.origin),
    PublicKeyCredential,
  });
  if (nav) define(nav, 'credentials', credentials);
  return () => {
    for (const [name, descriptor] of Object.entries(saved))
      if (descriptor) Object.defineProperty(g, name, descriptor);
      else delete g[name];
    if (nav) {
      if (savedCredentials) Object.defineProperty(nav, 'credentials', savedCredentials);
      else delete nav.credentials;
    }
  };
}
