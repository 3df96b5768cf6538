import { templatePool } from './pool-template';
import { invalidParameter, notAuthorized, MESSAGES } from './errors';
import type { Attribute } from './protocol';

/** The mutable standard attributes every Cognito pool has. */
const STANDARD = [
  'address',
  'birthdate',
  'email',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
];
/**
 * This pool's custom string attributes and their maximum lengths in bytes, from the template's
 * schema (infra/user-pool.yaml): "2,048 bytes" is the quota's unit ("Quotas in Amazon Cognito",
 * custom attributes), and a MaxLength counts the same.
 */
const CUSTOM_MAX: ReadonlyMap<string, number> = templatePool().customAttributes;
/** Every attribute an administrator may write: the standard ones plus this pool's custom ones. */
const KNOWN = new Set([...STANDARD, ...CUSTOM_MAX.keys()]);
/** Every attribute in the pool's schema (what ListUsers' AttributesToGet may name). */
export const SCHEMA_ATTRIBUTES: ReadonlySet<string> = new Set([
  ...KNOWN,
  'sub',
  'email_verified',
  'phone_number_verified',
  'identities',
]);

/**
 * What the app client may write (SignUp, UpdateUserAttributes, DeleteUserAttributes, the new
 * password challenge's attributes): the template's WriteAttributes. Not the channel id, which binds
 * a creator to whose analytics they see and is set only by an admin call.
 */
export const DEFAULT_CLIENT_WRITE_ATTRIBUTES: ReadonlySet<string> = new Set(
  templatePool().writeAttributes,
);

/**
 * What a user's own tokens read (GetUser, the id token, userInfo): `sub` always, then the app
 * client's ReadAttributes; none listed is Cognito's default, the standard attributes and the two
 * verified flags (botocore, CreateUserPoolClient ReadAttributes). `identities` goes with a
 * federated user's tokens whatever the list (unconfirmed: local/identity/README.md).
 */
export function readableAttributes(listed: readonly string[]): (name: string) => boolean {
  const set = new Set(listed);
  if (set.size === 0) return (name) => !name.startsWith('custom:');
  return (name) => name === 'sub' || name === 'identities' || set.has(name);
}

/** `attributes` as a user's tokens may read them. */
export function readable(
  attributes: Record<string, string>,
  listed: readonly string[],
): Record<string, string> {
  const can = readableAttributes(listed);
  return Object.fromEntries(Object.entries(attributes).filter(([name]) => can(name)));
}

/** `IDENTITY_CLIENT_WRITE_ATTRIBUTES`: a comma-separated list of attribute names, or the default. */
export function parseWriteAttributes(raw: string | undefined): ReadonlySet<string> {
  if (!raw?.trim()) return DEFAULT_CLIENT_WRITE_ATTRIBUTES;
  const names = raw
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !KNOWN.has(n));
  if (unknown.length) throw new Error(`unknown attribute(s): ${unknown.join(', ')}`);
  return new Set(names);
}
/** Only an administrator may set these. */
const ADMIN_ONLY = new Set(['email_verified', 'phone_number_verified']);

// Cognito's email check is permissive: something@something.tld without spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+[0-9]{4,15}$/;

export const isEmail = (value: string) => EMAIL.test(value) && value.length <= 2048;

export type Caller = 'user' | 'admin';

/**
 * Checks a list of attribute writes and returns them as a map (the last write of a name wins).
 * An empty value means "delete" (what the admin endpoint and DeleteUserAttributes need). A user's
 * write (through the app client) is limited to the client's write attributes, as Cognito does.
 */
export function validateAttributes(
  list: Attribute[],
  caller: Caller,
  clientWrites: ReadonlySet<string> = DEFAULT_CLIENT_WRITE_ATTRIBUTES,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const { Name, Value } of list) {
    if (Name === 'sub') throw invalidParameter('Cannot modify the non-mutable attribute sub');
    if (ADMIN_ONLY.has(Name)) {
      if (caller !== 'admin') throw notAuthorized(MESSAGES.unauthorizedAttribute);
      if (Value !== 'true' && Value !== 'false') {
        throw invalidParameter(
          `Attributes did not conform to the schema: ${Name}: Value must be either true or false`,
        );
      }
    } else if (!KNOWN.has(Name)) {
      if (Name.startsWith('custom:') || !/^[a-z_]+$/.test(Name)) {
        throw invalidParameter(
          `Attributes did not conform to the schema: Type for attribute {${Name}} could not be determined`,
        );
      }
      throw notAuthorized(MESSAGES.unauthorizedAttribute);
    } else if (caller !== 'admin' && !clientWrites.has(Name)) {
      throw notAuthorized(MESSAGES.unauthorizedAttribute);
    }
    if (Name === 'email' && Value !== '' && !isEmail(Value))
      throw invalidParameter('Invalid email address format.');
    if (Name === 'phone_number' && Value !== '' && !PHONE.test(Value))
      throw invalidParameter('Invalid phone number format.');
    const max = CUSTOM_MAX.get(Name);
    if (max !== undefined && Buffer.byteLength(Value, 'utf8') > max) {
      throw invalidParameter(
        `Attributes did not conform to the schema: ${Name}: String must be no longer than ${max} characters`,
      );
    }
    out.set(Name, Value);
  }
  return out;
}

/** Attribute map to Cognito's `[{ Name, Value }]`, `sub` first like Cognito answers. */
export function toAttributeList(attributes: Record<string, string>): Attribute[] {
  const names = Object.keys(attributes).sort((a, b) => (a === 'sub' ? -1 : b === 'sub' ? 1 : 0));
  return names.map((Name) => ({ Name, Value: attributes[Name] ?? '' }));
}

/** `demo@creator.test` -> `d***@c***`, as Cognito masks delivery destinations. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  return `${local.charAt(0)}***@${domain.charAt(0)}***`;
}

/** `+15551234567` -> `+*******4567`. */
export function maskPhone(phone: string): string {
  return `+${'*'.repeat(Math.max(phone.length - 5, 0))}${phone.slice(-4)}`;
}

export type DeliveryDetails = {
  Destination: string;
  DeliveryMedium: 'EMAIL' | 'SMS';
  AttributeName: 'email' | 'phone_number';
};

export function emailDelivery(email: string): DeliveryDetails {
  return { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}

export function smsDelivery(phone: string): DeliveryDetails {
  return { Destination: maskPhone(phone), DeliveryMedium: 'SMS', AttributeName: 'phone_number' };
}
