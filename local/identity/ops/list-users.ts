import { SCHEMA_ATTRIBUTES } from '../attributes';
import { invalidParameter, MESSAGES } from '../errors';
import { RULES } from '../protocol';
import { compareUsers, type UserRecord } from '../store';
import { usernameOf } from '../tokens';
import { userType, type Operation } from './shared';

interface Searched {
  caseSensitive: boolean;
  read: (user: UserRecord) => string | undefined;
}
const attribute =
  (name: string): Searched['read'] =>
  (user) =>
    user.attributes[name];
/**
 * What a Filter can search (Cognito's list: standard attributes only, custom ones "aren't
 * searchable"), and how each is read. Cognito marks `username` and `status` case-sensitive and
 * `cognito:user_status` case-insensitive; its guide says searches are otherwise case-insensitive.
 */
const SEARCHABLE: ReadonlyMap<string, Searched> = new Map<string, Searched>([
  ['username', { caseSensitive: true, read: usernameOf }],
  ['email', { caseSensitive: false, read: attribute('email') }],
  ['phone_number', { caseSensitive: false, read: attribute('phone_number') }],
  ['name', { caseSensitive: false, read: attribute('name') }],
  ['given_name', { caseSensitive: false, read: attribute('given_name') }],
  ['family_name', { caseSensitive: false, read: attribute('family_name') }],
  ['preferred_username', { caseSensitive: false, read: attribute('preferred_username') }],
  ['cognito:user_status', { caseSensitive: false, read: (user) => user.status }],
  ['status', { caseSensitive: true, read: (user) => (user.enabled ? 'Enabled' : 'Disabled') }],
  ['sub', { caseSensitive: false, read: attribute('sub') }],
]);

interface Filter {
  name: string;
  prefix: boolean;
  value: string;
}

/**
 * `AttributeName Filter-Type "AttributeValue"`: `=` (exact) or `^=` (starts with); the value in
 * double quotes with `\"` (and `\\`) escaped; spaces around the operator optional and the name
 * optionally quoted (Cognito's own example is `"email"^="testuser"`). Empty: no filter.
 */
function parseFilter(raw: string | undefined): Filter | undefined {
  const text = raw?.trim() ?? '';
  if (text === '') return undefined;
  const match = /^("?)([^\s"=^]+)\1\s*(\^?=)\s*"((?:[^"\\]|\\.)*)"$/su.exec(text);
  if (!match) throw invalidParameter('Error while parsing filter');
  const [, , name = '', operator, quoted = ''] = match;
  if (!SEARCHABLE.has(name)) throw invalidParameter(`Invalid search attribute: ${name}`);
  return { name, prefix: operator === '^=', value: quoted.replace(/\\(.)/gsu, '$1') };
}

function matches(user: UserRecord, filter: Filter): boolean {
  const searched = SEARCHABLE.get(filter.name);
  const actual = searched?.read(user);
  if (!searched || actual === undefined) return false;
  const fold = (text: string) => (searched.caseSensitive ? text : text.toLowerCase());
  return filter.prefix
    ? fold(actual).startsWith(fold(filter.value))
    : fold(actual) === fold(filter.value);
}

type Position = Pick<UserRecord, 'createdAt' | 'sub'>;
/** Before every user (a first page of Limit 0 ends here). */
const BEGINNING: Position = { createdAt: 0, sub: '00000000-0000-0000-0000-000000000000' };

/** PaginationToken: the last user answered (the order's key), opaque to the caller. */
const pageToken = (position: Position) =>
  Buffer.from(`users:${position.createdAt}:${position.sub}`).toString('base64url');
function after(token: string | undefined): Position {
  if (token === undefined) return BEGINNING;
  const match = /^users:(\d+):([0-9a-f-]{36})$/.exec(Buffer.from(token, 'base64url').toString());
  if (!match?.[2]) throw invalidParameter(MESSAGES.invalidNextToken);
  return { createdAt: Number(match[1]), sub: match[2] };
}

/**
 * Cognito's ListUsers: the pool's users (native ones with their sub as Username, federated ones
 * with `Google_…` and EXTERNAL_PROVIDER), at most `Limit` (0–60, default 60) a page, optionally
 * one attribute's exact or prefix match, and only `AttributesToGet`'s attributes when given.
 */
export const ListUsers: Operation = async (svc, input) => {
  const poolId = input.string('UserPoolId', RULES.poolId);
  const wanted = input.optStringList('AttributesToGet');
  const limit = input.optInteger('Limit', { min: 0, max: 60 }) ?? 60;
  const token = input.optString('PaginationToken', { min: 1, pattern: /^[\S]+$/ });
  const filterText = input.optString('Filter', { max: 256 });
  svc.requirePool(poolId);
  // Cognito's answer for an attribute the pool does not have, or that a listed user lacks.
  const missing = () => invalidParameter('One or more requested attributes do not exist.');
  if (wanted?.some((name) => !SCHEMA_ATTRIBUTES.has(name))) throw missing();
  const filter = parseFilter(filterText);
  const start = after(token);

  const found = svc.store
    .listUsers()
    .filter((user) => compareUsers(user, start) > 0 && (!filter || matches(user, filter)));
  const page = found.slice(0, limit);
  const users = page.map((user) => {
    const view = userType(user);
    if (!wanted) return view;
    // "Amazon Cognito returns an error if not all users in the results have set a value for the
    // attribute you request."
    if (wanted.some((name) => user.attributes[name] === undefined)) throw missing();
    return { ...view, Attributes: view.Attributes.filter((a) => wanted.includes(a.Name)) };
  });
  return {
    Users: users,
    ...(found.length > page.length ? { PaginationToken: pageToken(page.at(-1) ?? start) } : {}),
  };
};
