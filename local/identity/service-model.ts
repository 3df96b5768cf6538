import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * AWS's published service model of Cognito user pools (botocore's `cognito-idp` `service-2.json`,
 * 2016-04-18, pinned: botocore 1.43.107, Apache-2.0, `contract/aws/`), and a check of an answer
 * against it: required members, types, enums, lengths, ranges, patterns, members the model does
 * not have, and each error type against the operation's declared errors. Used by the conformance
 * tests on every answer of the local pool (conformance-harness.ts).
 */

type Shape = {
  type: string;
  required?: string[];
  members?: Record<string, { shape: string }>;
  member?: { shape: string };
  key?: { shape: string };
  value?: { shape: string };
  enum?: string[];
  min?: number;
  max?: number;
  pattern?: string;
  exception?: boolean;
  /** A Smithy document: any JSON value. */
  document?: boolean;
  /** Cognito leaves a sensitive member's value out of its validation messages. */
  sensitive?: boolean;
};
type Model = {
  metadata: { apiVersion: string };
  operations: Record<
    string,
    { input?: { shape: string }; output?: { shape: string }; errors?: { shape: string }[] }
  >;
  shapes: Record<string, Shape>;
};

export const MODEL_FILE = path.join(
  __dirname,
  '..',
  '..',
  'contract',
  'aws',
  'cognito-idp-2016-04-18.service-2.json.gz',
);

let model: Model | undefined;
export function serviceModel(): Model {
  model ??= JSON.parse(gunzipSync(readFileSync(MODEL_FILE)).toString('utf8')) as Model;
  return model;
}

/**
 * Errors any AWS JSON service may answer besides an operation's own: the common errors of the
 * protocol (authentication and signing of IAM calls, throttling).
 */
const COMMON_ERRORS = new Set([
  'AccessDeniedException',
  'IncompleteSignatureException',
  'InvalidSignatureException',
  'MissingAuthenticationTokenException',
  'UnrecognizedClientException',
  'UnknownOperationException',
  'SerializationException',
  'RequestEntityTooLargeException',
]);

const patterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) {
    // The model's patterns are Java's; anchored, as Smithy validates a whole value.
    re = new RegExp(`^(?:${source})$`, 'u');
    patterns.set(source, re);
  }
  return re;
}

function check(shapeName: string, value: unknown, at: string, out: string[]): void {
  const shape = serviceModel().shapes[shapeName];
  if (!shape) return void out.push(`${at}: shape ${shapeName} is not in the model`);
  if (shape.document) return;
  switch (shape.type) {
    case 'structure': {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return void out.push(`${at}: ${shapeName} should be an object`);
      const record = value as Record<string, unknown>;
      for (const name of shape.required ?? [])
        if (record[name] === undefined) out.push(`${at}.${name}: required by ${shapeName}`);
      for (const [name, member] of Object.entries(record)) {
        const declared = shape.members?.[name];
        if (!declared) {
          out.push(`${at}.${name}: not a member of ${shapeName}`);
          continue;
        }
        if (member !== undefined && member !== null)
          check(declared.shape, member, `${at}.${name}`, out);
      }
      return;
    }
    case 'list': {
      if (!Array.isArray(value)) return void out.push(`${at}: ${shapeName} should be a list`);
      if (shape.min !== undefined && value.length < shape.min)
        out.push(`${at}: ${value.length} items, ${shapeName} wants at least ${shape.min}`);
      if (shape.max !== undefined && value.length > shape.max)
        out.push(`${at}: ${value.length} items, ${shapeName} allows ${shape.max}`);
      value.forEach((item, i) => check(shape.member!.shape, item, `${at}[${i}]`, out));
      return;
    }
    case 'map': {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return void out.push(`${at}: ${shapeName} should be a map`);
      for (const [k, v] of Object.entries(value)) {
        check(shape.key!.shape, k, `${at}{${k}}`, out);
        check(shape.value!.shape, v, `${at}.${k}`, out);
      }
      return;
    }
    case 'string': {
      if (typeof value !== 'string') return void out.push(`${at}: ${shapeName} should be a string`);
      const length = [...value].length;
      if (shape.enum && !shape.enum.includes(value))
        out.push(`${at}: "${value}" is not one of ${shapeName}'s values`);
      if (shape.min !== undefined && length < shape.min)
        out.push(`${at}: length ${length} under ${shapeName}'s minimum ${shape.min}`);
      if (shape.max !== undefined && length > shape.max)
        out.push(`${at}: length ${length} over ${shapeName}'s maximum ${shape.max}`);
      if (shape.pattern && !patternOf(shape.pattern).test(value))
        out.push(`${at}: "${value.slice(0, 60)}" does not match ${shapeName}'s pattern`);
      return;
    }
    case 'integer':
    case 'long': {
      if (typeof value !== 'number' || !Number.isInteger(value))
        return void out.push(`${at}: ${shapeName} should be a whole number`);
      if (shape.min !== undefined && value < shape.min)
        out.push(`${at}: ${value} under ${shapeName}'s minimum ${shape.min}`);
      if (shape.max !== undefined && value > shape.max)
        out.push(`${at}: ${value} over ${shapeName}'s maximum ${shape.max}`);
      return;
    }
    case 'boolean':
      if (typeof value !== 'boolean') out.push(`${at}: ${shapeName} should be true or false`);
      return;
    case 'timestamp':
      // The JSON protocol's timestamps are epoch seconds.
      if (typeof value !== 'number') out.push(`${at}: ${shapeName} should be epoch seconds`);
      return;
    case 'blob':
      if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value))
        out.push(`${at}: ${shapeName} should be base64`);
      return;
    default:
      out.push(`${at}: ${shapeName} has a type (${shape.type}) this check does not know`);
  }
}

/**
 * What is wrong with one answer of `operation` (status and parsed body), by the model; empty when
 * nothing is. An error answer's `__type` must be one the operation declares (or a common one).
 */
export function modelViolations(operation: string, status: number, body: unknown): string[] {
  const op = serviceModel().operations[operation];
  if (!op) return [`${operation}: not an operation of the model`];
  const out: string[] = [];
  if (status >= 300) {
    const type = (body as { __type?: unknown } | null)?.__type;
    const name = typeof type === 'string' ? type.split('#').pop()! : '';
    const declared = (op.errors ?? []).some((e) => e.shape === name);
    if (!declared && !COMMON_ERRORS.has(name))
      out.push(`${operation}: ${name || '(no __type)'} is not among its declared errors`);
    return out;
  }
  if (op.output) check(op.output.shape, body ?? {}, operation, out);
  return out;
}

/** Whether `operation` may answer the error `type`: one it declares, or one common to AWS's JSON services. */
export function declaresError(operation: string, type: string): boolean {
  const op = serviceModel().operations[operation];
  return COMMON_ERRORS.has(type) || (op?.errors ?? []).some((e) => e.shape === type);
}

/** Cognito names members in validation messages with a lower-case first letter. */
const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

function constraints(
  shapeName: string,
  value: unknown,
  at: string,
  sensitive: boolean,
  out: string[],
): void {
  const shape = serviceModel().shapes[shapeName];
  if (!shape || shape.document || value === undefined || value === null) return;
  const hidden = sensitive || shape.sensitive === true;
  const said = (shown: string) => (hidden ? `Value at '${at}'` : `Value '${shown}' at '${at}'`);
  const fail = (shown: string, constraint: string) =>
    out.push(`${said(shown)} failed to satisfy constraint: Member must ${constraint}`);
  switch (shape.type) {
    case 'structure': {
      if (typeof value !== 'object' || Array.isArray(value)) return;
      const record = value as Record<string, unknown>;
      for (const [name, member] of Object.entries(shape.members ?? {})) {
        const path = at ? `${at}.${lowerFirst(name)}` : lowerFirst(name);
        const present = record[name] !== undefined && record[name] !== null;
        if (!present && (shape.required ?? []).includes(name))
          out.push(`Value null at '${path}' failed to satisfy constraint: Member must not be null`);
        else if (present) constraints(member.shape, record[name], path, hidden, out);
      }
      return;
    }
    case 'list': {
      if (!Array.isArray(value)) return;
      if (shape.min !== undefined && value.length < shape.min)
        fail(`[${value.length} items]`, `have length greater than or equal to ${shape.min}`);
      if (shape.max !== undefined && value.length > shape.max)
        fail(`[${value.length} items]`, `have length less than or equal to ${shape.max}`);
      value.forEach((item, i) =>
        constraints(shape.member!.shape, item, `${at}.${i + 1}.member`, hidden, out),
      );
      return;
    }
    case 'string': {
      if (typeof value !== 'string') return;
      const length = [...value].length;
      if (shape.min !== undefined && length < shape.min)
        fail(value, `have length greater than or equal to ${shape.min}`);
      if (shape.max !== undefined && length > shape.max)
        fail(value, `have length less than or equal to ${shape.max}`);
      if (shape.enum && !shape.enum.includes(value))
        fail(value, `satisfy enum value set: [${shape.enum.join(', ')}]`);
      else if (shape.pattern && !patternOf(shape.pattern).test(value))
        fail(value, `satisfy regular expression pattern: ${shape.pattern}`);
      return;
    }
    case 'integer':
    case 'long': {
      if (typeof value !== 'number') return;
      if (shape.min !== undefined && value < shape.min)
        fail(String(value), `have value greater than or equal to ${shape.min}`);
      if (shape.max !== undefined && value > shape.max)
        fail(String(value), `have value less than or equal to ${shape.max}`);
      return;
    }
    default:
      // Maps, booleans, blobs and timestamps carry no constraint Cognito's requests use.
      return;
  }
}

/**
 * Cognito's validation of a request against the operation's input shape: required members, string
 * lengths, patterns and enums, list lengths and number ranges, each worded as AWS words it
 * ("Value at 'username' failed to satisfy constraint: …"; a sensitive member's value left out).
 * A member of the wrong JSON type is left to the protocol's SerializationException.
 */
export function inputViolations(operation: string, body: unknown): string[] {
  const input = serviceModel().operations[operation]?.input;
  if (!input || typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const out: string[] = [];
  constraints(input.shape, body, '', false, out);
  return out;
}

/** The InvalidParameterException message for `violations`, as AWS counts them. */
export function validationMessage(violations: readonly string[]): string {
  const n = violations.length;
  return `${n} validation error${n === 1 ? '' : 's'} detected: ${violations.join('; ')}`;
}
