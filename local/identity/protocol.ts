import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { CognitoError, invalidParameter, serialization } from './errors';

export const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
export const AMZ_JSON = 'application/x-amz-json-1.1';

export class BodyTooLargeError extends Error {}

/** Past this much, an oversized body is not even drained: the connection is dropped. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/**
 * Reads the whole body. One over `limit` bytes is discarded as it arrives and then refused, so
 * the client (still sending) gets a clean answer rather than a reset connection.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (fn: () => void) => {
      if (!settled) {
        settled = true;
        fn();
      }
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
      if (size > DRAIN_LIMIT) {
        req.destroy();
        settle(() => reject(new BodyTooLargeError()));
      }
    });
    req.on('end', () =>
      settle(() =>
        size > limit ? reject(new BodyTooLargeError()) : resolve(Buffer.concat(chunks)),
      ),
    );
    req.on('error', (err) => settle(() => reject(err)));
    req.on('close', () =>
      settle(() => reject(new Error('request closed before its body was read'))),
    );
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(text),
    'x-amzn-requestid': randomUUID(),
    'cache-control': 'no-store',
  });
  res.end(text);
}

export function sendCognitoError(res: ServerResponse, err: CognitoError): void {
  res.setHeader('x-amzn-errortype', err.type);
  sendJson(res, err.status, { __type: err.type, message: err.message }, AMZ_JSON);
}

export interface Attribute {
  Name: string;
  Value: string;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** How the AWS JSON protocol words a value of the wrong type. */
function typeMismatch(value: unknown, expected: string): CognitoError {
  if (Array.isArray(value)) return serialization('Start of list found where not expected');
  if (typeof value === 'object' && value !== null)
    return serialization('Start of structure or map found where not expected.');
  const kind =
    typeof value === 'number'
      ? 'NUMBER_VALUE'
      : typeof value === 'boolean'
        ? value
          ? 'TRUE_VALUE'
          : 'FALSE_VALUE'
        : 'STRING_VALUE';
  return serialization(`${kind} can not be converted to ${expected}`);
}

/** Cognito names members in validation messages with a lower-case first letter. */
const memberName = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

const validation = (name: string, constraint: string) =>
  invalidParameter(
    `1 validation error detected: Value at '${memberName(name)}' failed to satisfy constraint: ${constraint}`,
  );

export interface StringRule {
  min?: number;
  max?: number;
  pattern?: RegExp;
}

/** Typed, Cognito-worded access to one request body. */
export class Input {
  private constructor(private readonly body: Record<string, Json>) {}

  /** The request's members as sent (for the model's validation, service-model.ts). */
  get fields(): Readonly<Record<string, Json>> {
    return this.body;
  }

  static parse(raw: Buffer): Input {
    const text = raw.toString('utf8').trim();
    if (text === '') return new Input({});
    let value: Json;
    try {
      value = JSON.parse(text) as Json;
    } catch {
      throw serialization('Invalid JSON in request body');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw typeMismatch(value, 'a structure');
    return new Input(value);
  }

  private raw(name: string): Json | undefined {
    const value = Object.hasOwn(this.body, name) ? this.body[name] : undefined;
    return value === null ? undefined : value;
  }

  has(name: string): boolean {
    return this.raw(name) !== undefined;
  }

  optString(name: string, rule: StringRule = {}): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw typeMismatch(value, 'a String');
    checkString(name, value, rule);
    return value;
  }

  string(name: string, rule: StringRule = {}): string {
    const value = this.optString(name, rule);
    if (value === undefined)
      throw invalidParameter(
        `1 validation error detected: Value null at '${memberName(name)}' failed to satisfy constraint: Member must not be null`,
      );
    return value;
  }

  optBoolean(name: string): boolean | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') throw typeMismatch(value, 'a Boolean');
    return value;
  }

  /** A whole number within `min`..`max` (Cognito's wording for one outside). */
  optInteger(name: string, rule: { min?: number; max?: number } = {}): number | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value))
      throw typeMismatch(value, 'an Integer');
    if (rule.min !== undefined && value < rule.min)
      throw invalidParameter(
        `1 validation error detected: Value '${value}' at '${memberName(name)}' failed to satisfy constraint: Member must have value greater than or equal to ${rule.min}`,
      );
    if (rule.max !== undefined && value > rule.max)
      throw invalidParameter(
        `1 validation error detected: Value '${value}' at '${memberName(name)}' failed to satisfy constraint: Member must have value less than or equal to ${rule.max}`,
      );
    return value;
  }

  /** A document member (any JSON value), as the JSON protocol carries documents. */
  document(name: string): Json {
    const value = this.raw(name);
    if (value === undefined)
      throw invalidParameter(
        `1 validation error detected: Value null at '${memberName(name)}' failed to satisfy constraint: Member must not be null`,
      );
    return value;
  }

  optObject(name: string): Input | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw typeMismatch(value, 'a structure');
    return new Input(value);
  }

  /** A string-to-string map such as AuthParameters or ChallengeResponses. */
  optStringMap(name: string): Record<string, string> | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw typeMismatch(value, 'a map');
    const out: Record<string, string> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (entry === null) continue;
      if (typeof entry !== 'string') throw typeMismatch(entry, 'a String');
      out[key] = entry;
    }
    return out;
  }

  optStringList(name: string): string[] | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw typeMismatch(value, 'a list');
    return value.map((entry) => {
      if (typeof entry !== 'string') throw typeMismatch(entry, 'a String');
      return entry;
    });
  }

  /** A list of `{ Name, Value }` attribute entries. */
  optAttributes(name: string): Attribute[] | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw typeMismatch(value, 'a list');
    return value.map((entry, index) => {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
        throw typeMismatch(entry, 'a structure');
      const item = new Input(entry);
      const attrName = item.optString('Name', { min: 1, max: 32 });
      if (attrName === undefined) {
        throw invalidParameter(
          `1 validation error detected: Value null at '${memberName(name)}.${index + 1}.member.name' failed to satisfy constraint: Member must not be null`,
        );
      }
      return { Name: attrName, Value: item.optString('Value', { max: 2048 }) ?? '' };
    });
  }

  attributes(name: string): Attribute[] {
    const value = this.optAttributes(name);
    if (value === undefined)
      throw invalidParameter(
        `1 validation error detected: Value null at '${memberName(name)}' failed to satisfy constraint: Member must not be null`,
      );
    return value;
  }
}

function checkString(name: string, value: string, rule: StringRule): void {
  if (rule.min !== undefined && value.length < rule.min) {
    throw validation(name, `Member must have length greater than or equal to ${rule.min}`);
  }
  if (rule.max !== undefined && value.length > rule.max) {
    throw validation(name, `Member must have length less than or equal to ${rule.max}`);
  }
  if (rule.pattern && !rule.pattern.test(value)) {
    throw validation(
      name,
      `Member must satisfy regular expression pattern: ${rule.pattern.source}`,
    );
  }
}

/** The value of one Cognito enum member, or a Cognito-worded validation error. */
export function enumValue<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw invalidParameter(
    `1 validation error detected: Value '${value}' at '${memberName(name)}' failed to satisfy constraint: Member must satisfy enum value set: [${allowed.join(', ')}]`,
  );
}

/** Cognito's field patterns (from its API reference). */
export const PATTERNS = {
  username: /^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u,
  password: /^[\S]+.*[\S]+$/u,
  code: /^[\S]+$/u,
  userCode: /^[0-9]+$/,
  token: /^[A-Za-z0-9\-_=.]+$/,
} as const;

export const RULES = {
  clientId: { min: 1, max: 128, pattern: /^[\w+]+$/ },
  poolId: { min: 1, max: 55, pattern: /^[\w-]+_[0-9a-zA-Z]+$/ },
  username: { min: 1, max: 128, pattern: PATTERNS.username },
  password: { min: 1, max: 256, pattern: PATTERNS.password },
  code: { min: 1, max: 2048, pattern: PATTERNS.code },
  accessToken: { min: 1, max: 131072, pattern: PATTERNS.token },
  session: { min: 20, max: 2048 },
} satisfies Record<string, StringRule>;
