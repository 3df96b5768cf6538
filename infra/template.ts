/**
 * The user pool's CloudFormation template (infra/user-pool.yaml), read as CloudFormation reads
 * it: YAML with the short intrinsic tags (!Ref, !Sub, !GetAtt, !If, !Equals, !Not, !And, !Or),
 * turned into their long form; then evaluated for one set of parameter values (conditions, Ref,
 * Sub, If, NoValue), so the local pool and the tests read the same resources an operator deploys.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type Tags } from 'yaml';

export const TEMPLATE_PATH = path.join(__dirname, 'user-pool.yaml');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Template = {
  Parameters: Record<string, { Type: string; Default?: string | number; AllowedValues?: string[] }>;
  Conditions?: Record<string, Json>;
  Resources: Record<
    string,
    {
      Type: string;
      Condition?: string;
      Properties?: Json;
      DeletionPolicy?: string;
      UpdateReplacePolicy?: string;
    }
  >;
  Outputs?: Record<string, { Value: Json; Condition?: string }>;
};

// The short form of each intrinsic function: `!Ref X` is `{ Ref: X }`, `!Sub s` is
// `{ "Fn::Sub": s }`, `!GetAtt A.B` is `{ "Fn::GetAtt": ["A", "B"] }`.
const INTRINSICS = ['Sub', 'If', 'Equals', 'Not', 'And', 'Or', 'Join', 'Select', 'Split'];
const TAGS: Tags = [
  { tag: '!Ref', resolve: (value: string) => ({ Ref: value }) },
  {
    tag: '!GetAtt',
    resolve: (value: string) => ({ 'Fn::GetAtt': value.split('.', 2) }),
  },
  ...INTRINSICS.flatMap((name) =>
    (['seq', 'map', undefined] as const).map((collection) => ({
      tag: `!${name}`,
      ...(collection ? { collection } : {}),
      resolve: (value: unknown) => ({
        [`Fn::${name}`]:
          value && typeof value === 'object' && 'toJSON' in value
            ? (value as { toJSON(): unknown }).toJSON()
            : value,
      }),
    })),
  ),
] as Tags;

/** The template's text as CloudFormation's long form. */
export function parseTemplate(text: string): Template {
  return parse(text, { customTags: TAGS }) as Template;
}

export function loadTemplate(file = TEMPLATE_PATH): Template {
  return parseTemplate(readFileSync(file, 'utf8'));
}

/** Resolved resources: `Ref` to a resource or `!GetAtt` become `<Logical>` / `<Logical.Attr>`. */
export interface Evaluated {
  parameters: Record<string, string>;
  conditions: Record<string, boolean>;
  resources: Record<string, { Type: string; Properties: Record<string, Json> }>;
  outputs: Record<string, Json>;
}

const NO_VALUE = Symbol('AWS::NoValue');

/** The template for `given` parameter values (the rest take their defaults). */
export function evaluateTemplate(
  template: Template,
  given: Record<string, string>,
  pseudo: Record<string, string> = {},
): Evaluated {
  const parameters: Record<string, string> = {};
  for (const [name, spec] of Object.entries(template.Parameters)) {
    const value = given[name] ?? (spec.Default !== undefined ? String(spec.Default) : undefined);
    if (value === undefined) throw new Error(`the template needs the parameter ${name}`);
    if (spec.AllowedValues && !spec.AllowedValues.includes(value))
      throw new Error(`${name} must be one of ${spec.AllowedValues.join(', ')}, got "${value}"`);
    parameters[name] = value;
  }
  for (const name of Object.keys(given))
    if (!(name in template.Parameters)) throw new Error(`the template has no parameter ${name}`);
  const refs: Record<string, string> = {
    'AWS::Region': 'us-east-1',
    'AWS::AccountId': '000000000000',
    'AWS::StackName': 'creator-dashboard',
    'AWS::Partition': 'aws',
    ...pseudo,
    ...parameters,
  };
  const conditions: Record<string, boolean> = {};
  const evaluate = (value: Json): Json | typeof NO_VALUE => {
    if (Array.isArray(value))
      return value.map(evaluate).filter((v): v is Json => v !== NO_VALUE) as Json[];
    if (value === null || typeof value !== 'object') return value;
    const keys = Object.keys(value);
    if (keys.length === 1) {
      const [key] = keys as [string];
      const arg = value[key] as Json;
      switch (key) {
        case 'Ref':
          if (arg === 'AWS::NoValue') return NO_VALUE;
          if (typeof arg === 'string' && arg in refs) return refs[arg]!;
          if (typeof arg === 'string' && arg in template.Resources) return refOf(arg);
          throw new Error(`unknown Ref ${JSON.stringify(arg)}`);
        case 'Fn::GetAtt':
          return `<${(arg as string[]).join('.')}>`;
        case 'Fn::Sub':
          return (arg as string).replace(/\$\{([^}]+)\}/g, (_, name: string) => {
            if (name in refs) return refs[name]!;
            throw new Error(`unknown name in Fn::Sub: ${name}`);
          });
        case 'Fn::If': {
          const [name, yes, no] = arg as [string, Json, Json];
          return evaluate(condition(name) ? yes : no);
        }
        case 'Fn::Equals': {
          const [a, b] = (arg as Json[]).map(evaluate);
          return JSON.stringify(a) === JSON.stringify(b);
        }
        case 'Fn::Not':
          return !(evaluate((arg as Json[])[0]!) as boolean);
        case 'Fn::And':
          return (arg as Json[]).every((c) => evaluate(c) === true);
        case 'Fn::Or':
          return (arg as Json[]).some((c) => evaluate(c) === true);
        case 'Condition':
          return condition(arg as string);
      }
    }
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) {
      const evaluated = evaluate(v);
      if (evaluated !== NO_VALUE) out[k] = evaluated;
    }
    return out;
  };
  // Ref to an identity provider is its name (what SupportedIdentityProviders lists); to any other
  // resource, its physical id, unknown before deployment.
  const refOf = (id: string): Json => {
    const resource = template.Resources[id]!;
    if (resource.Type === 'AWS::Cognito::UserPoolIdentityProvider')
      return evaluate((resource.Properties as Record<string, Json>).ProviderName!) as Json;
    return `<${id}>`;
  };
  const condition = (name: string): boolean => {
    if (!(name in conditions)) {
      const spec = template.Conditions?.[name];
      if (spec === undefined) throw new Error(`unknown condition ${name}`);
      conditions[name] = evaluate(spec) === true;
    }
    return conditions[name]!;
  };
  for (const name of Object.keys(template.Conditions ?? {})) condition(name);
  const resources: Evaluated['resources'] = {};
  for (const [id, resource] of Object.entries(template.Resources)) {
    if (resource.Condition && !condition(resource.Condition)) continue;
    resources[id] = {
      Type: resource.Type,
      Properties: evaluate(resource.Properties ?? {}) as Record<string, Json>,
    };
  }
  const outputs: Record<string, Json> = {};
  for (const [id, output] of Object.entries(template.Outputs ?? {})) {
    if (output.Condition && !condition(output.Condition)) continue;
    outputs[id] = evaluate(output.Value) as Json;
  }
  return { parameters, conditions, resources, outputs };
}

/** The one resource of `type` (the pool, its client…); throws when there is not exactly one. */
export function only(evaluated: Evaluated, type: string): Record<string, Json> {
  const found = Object.values(evaluated.resources).filter((r) => r.Type === type);
  if (found.length !== 1) throw new Error(`expected one ${type}, found ${found.length}`);
  return found[0]!.Properties;
}

/** A template list as strings (an absent or non-list value is none). */
export const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Every action the template's managed IAM policies allow (the host's policy). */
export function policyActions(evaluated: Evaluated): string[] {
  return Object.values(evaluated.resources)
    .filter((r) => r.Type === 'AWS::IAM::ManagedPolicy')
    .flatMap((r) => {
      const doc = r.Properties.PolicyDocument as { Statement?: { Action?: unknown }[] };
      return doc.Statement ?? [];
    })
    .flatMap((statement) => list(statement.Action));
}
