/**
 * The template held to the product's code: what a pool made from it must allow for the product to
 * run, read from the code itself (the attributes read and written with a creator's tokens, the
 * custom attributes and their worst-case sizes, the admin calls, the sign-in flows, the OAuth
 * scopes and routes). `findings` lists every disagreement; the last tests show it catching each
 * kind on a changed copy of the template.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  ACTIVITY_ATTRIBUTE,
  CHANNEL_ATTRIBUTE,
  PASSKEYS_ATTRIBUTE,
  RECOVERY_ATTRIBUTE,
} from '../contract/local-stack';
import { ACTIVITY_MAX_BYTES } from '../lib/activity';
import { USER_TOKEN_WRITES } from '../lib/cognito/account';
import { USER_TOKEN_READS } from '../lib/cognito/shared';
import { CHANNEL_ID_MAX_BYTES } from '../lib/creators';
import { HOSTED_SCOPES } from '../lib/oauth/hosted';
import { PASSKEYS_MAX_BYTES } from '../lib/passkeys/notes';
import { makeRecoveryCodes, RECOVERY_MAX_BYTES, serialiseRecord } from '../lib/two-step/recovery';
import { LOCAL_PARAMETERS } from '../local/identity/pool-template';
import { poolTable, readmeTable } from './pool-table';
import {
  evaluateTemplate,
  list,
  loadTemplate,
  only,
  policyActions,
  type Template,
} from './template';

const ROOT = path.join(__dirname, '..');
const PRODUCT_DIRS = ['app', 'components', 'lib', 'scripts', 'proxy.ts', 'instrumentation.ts'];

function productSources(): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) {
      for (const entry of readdirSync(p)) walk(path.join(p, entry));
    } else if (/\.(ts|tsx|mjs)$/.test(p) && !/\.test\.tsx?$/.test(p)) {
      out.push(readFileSync(p, 'utf8'));
    }
  };
  for (const dir of PRODUCT_DIRS) walk(path.join(ROOT, dir));
  return out;
}
const SOURCES = productSources();
const used = (pattern: RegExp) =>
  new Set(SOURCES.flatMap((text) => [...text.matchAll(pattern)].map((m) => m[1]!)));

/** The product's writes to each custom attribute at their longest, in bytes (made once). */
let worst: Promise<Record<string, number>> | undefined;
const worstCases = () => (worst ??= measureWorstCases());
async function measureWorstCases(): Promise<Record<string, number>> {
  const { record } = await makeRecoveryCodes();
  expect(Buffer.byteLength(serialiseRecord(record))).toBeLessThanOrEqual(RECOVERY_MAX_BYTES);
  return {
    [CHANNEL_ATTRIBUTE]: CHANNEL_ID_MAX_BYTES,
    [ACTIVITY_ATTRIBUTE]: ACTIVITY_MAX_BYTES,
    [PASSKEYS_ATTRIBUTE]: PASSKEYS_MAX_BYTES,
    [RECOVERY_ATTRIBUTE]: RECOVERY_MAX_BYTES,
  };
}
const ADMIN_ONLY_RECORDS = [ACTIVITY_ATTRIBUTE, RECOVERY_ATTRIBUTE, PASSKEYS_ATTRIBUTE];

type Props = Record<string, unknown>;

/** Every way `template` would not run the product, in words. */
async function findings(template: Template): Promise<string[]> {
  const out: string[] = [];
  const evaluated = evaluateTemplate(template, {
    ...LOCAL_PARAMETERS,
    SiteUrl: 'https://creators.example.com',
  });
  const pool = only(evaluated, 'AWS::Cognito::UserPool') as Props;
  const client = only(evaluated, 'AWS::Cognito::UserPoolClient') as Props;

  // Custom attributes: declared, mutable strings, long enough for the product's worst case.
  const schema = new Map(
    ((pool.Schema ?? []) as Props[]).map((a) => [`custom:${String(a.Name)}`, a]),
  );
  for (const [name, bytes] of Object.entries(await worstCases())) {
    const declared = schema.get(name);
    if (!declared) {
      out.push(`${name} is not declared in the pool's Schema`);
      continue;
    }
    if (declared.Mutable !== true) out.push(`${name} must be Mutable (the product rewrites it)`);
    if (declared.AttributeDataType !== 'String') out.push(`${name} must be a String`);
    const max = Number(
      (declared.StringAttributeConstraints as Props | undefined)?.MaxLength ?? 2048,
    );
    if (max < bytes) out.push(`${name} MaxLength ${max} is under the product's ${bytes} bytes`);
  }

  // The creator's own tokens: read what the product reads, and none of the admin records.
  const reads = list(client.ReadAttributes);
  for (const name of USER_TOKEN_READS)
    if (reads.length && !reads.includes(name)) out.push(`ReadAttributes lacks ${name}`);
  if (!reads.length) out.push(`ReadAttributes unset: no custom attribute is readable`);
  for (const name of ADMIN_ONLY_RECORDS)
    if (reads.includes(name)) out.push(`ReadAttributes lists the admin-only ${name}`);
  const writes = list(client.WriteAttributes);
  for (const name of USER_TOKEN_WRITES)
    if (!writes.includes(name)) out.push(`WriteAttributes lacks ${name}`);
  for (const name of writes)
    if (name.startsWith('custom:')) out.push(`WriteAttributes lets a creator write ${name}`);
  // botocore, WriteAttributes: an IdP's mapped attributes must be writable.
  for (const resource of Object.values(evaluated.resources))
    if (resource.Type === 'AWS::Cognito::UserPoolIdentityProvider')
      for (const name of Object.keys((resource.Properties.AttributeMapping ?? {}) as Props))
        if (!writes.includes(name)) out.push(`WriteAttributes lacks ${name}, which Google maps`);

  // The host's policy: exactly the admin calls the product makes.
  const allowed = new Set(policyActions(evaluated));
  const calls = used(/\b((?:Admin[A-Za-z]+|ListUsers|GetUserPoolMfaConfig))Command\b/g);
  for (const call of calls)
    if (!allowed.has(`cognito-idp:${call}`)) out.push(`the host policy lacks cognito-idp:${call}`);
  for (const action of allowed)
    if (!calls.has(action.replace('cognito-idp:', '')))
      out.push(`the host policy allows ${action}, which the product never calls`);

  // Sign-in: exactly the flows the product starts; rotation without REFRESH_TOKEN_AUTH.
  const flows = new Set(list(client.ExplicitAuthFlows));
  const started = used(/AuthFlow:\s*'([A-Z_]+)'/g);
  for (const flow of started)
    if (!flows.has(`ALLOW_${flow}`)) out.push(`ExplicitAuthFlows lacks ALLOW_${flow}`);
  for (const flow of flows)
    if (!started.has(flow.replace(/^ALLOW_/, '')))
      out.push(`ExplicitAuthFlows allows ${flow}, which the product never starts`);
  if ((client.RefreshTokenRotation as Props | undefined)?.Feature !== 'ENABLED')
    out.push('refresh tokens must rotate (the product refreshes by GetTokensFromRefreshToken)');

  // Hosted sign-in with Google: the product's scopes, and its routes as the callback.
  const scopes = list(client.AllowedOAuthScopes);
  for (const scope of HOSTED_SCOPES)
    if (!scopes.includes(scope)) out.push(`AllowedOAuthScopes lacks ${scope}`);
  const callbacks = list(client.CallbackURLs);
  if (!callbacks.includes('https://creators.example.com/api/auth/callback'))
    out.push('CallbackURLs lacks <SiteUrl>/api/auth/callback');

  // Email two-step and reset codes: a creator with email codes still has a way to reset.
  const mechanisms = ((pool.AccountRecoverySetting as Props | undefined)?.RecoveryMechanisms ??
    []) as Props[];
  const names = mechanisms.map((m) => String(m.Name));
  if (!names.includes('verified_email')) out.push('AccountRecoverySetting lacks verified_email');
  if (list(pool.EnabledMfas).includes('EMAIL_OTP') && !names.includes('verified_phone_number'))
    out.push(
      'with EMAIL_OTP two-step, AccountRecoverySetting needs verified_phone_number: email MFA disqualifies email recovery',
    );
  if (client.PreventUserExistenceErrors !== 'ENABLED')
    out.push('PreventUserExistenceErrors must be ENABLED');

  // What the creators' accounts live on outlives the stack: the pool, and the role it texts with
  // (evaluated, `!GetAtt SmsRole.Arn` reads `<SmsRole.Arn>`).
  const texter = /^<(\w+)\.Arn>$/.exec(
    String((pool.SmsConfiguration as Props | undefined)?.SnsCallerArn ?? ''),
  )?.[1];
  const kept = (name: string) => {
    const resource = template.Resources[name];
    return resource?.DeletionPolicy === 'Retain' && resource.UpdateReplacePolicy === 'Retain';
  };
  for (const [name, resource] of Object.entries(template.Resources))
    if ((resource.Type === 'AWS::Cognito::UserPool' || name === texter) && !kept(name))
      out.push(`${name} must be retained (DeletionPolicy and UpdateReplacePolicy Retain)`);
  return out;
}

test('a pool made from the template runs the product: no findings', async () => {
  expect(await findings(loadTemplate())).toEqual([]);
});

test('the product reads and writes only through its lists, and calls the admin API it is allowed', () => {
  // The code scans find what they look for (an empty scan would pass everything).
  expect(used(/\b((?:Admin[A-Za-z]+|ListUsers))Command\b/g).size).toBeGreaterThanOrEqual(8);
  expect([...used(/AuthFlow:\s*'([A-Z_]+)'/g)].sort()).toEqual(['USER_AUTH', 'USER_SRP_AUTH']);
});

test("infra/README.md's table is the template's (npm run infra:table writes it)", () => {
  expect(readmeTable()).toBe(poolTable());
  // A changed setting shows in the table, so a stale README fails here.
  const copy = structuredClone(loadTemplate());
  (copy.Resources.AppClient!.Properties as Props).ReadAttributes = ['email'];
  expect(poolTable(copy)).not.toBe(readmeTable());
});

describe('a change that would break the product is found', () => {
  const changed = (edit: (t: Template) => void) => {
    const copy = structuredClone(loadTemplate());
    edit(copy);
    return findings(copy);
  };
  const clientProps = (t: Template) => t.Resources.AppClient!.Properties as Props;
  const poolProps = (t: Template) => t.Resources.UserPool!.Properties as Props;

  test('a ReadAttributes entry removed', async () => {
    expect(
      await changed((t) => {
        const c = clientProps(t);
        c.ReadAttributes = list(c.ReadAttributes).filter((a) => a !== CHANNEL_ATTRIBUTE);
      }),
    ).toEqual([`ReadAttributes lacks ${CHANNEL_ATTRIBUTE}`]);
  });

  test('an admin record made readable', async () => {
    expect(
      await changed((t) => {
        const c = clientProps(t);
        c.ReadAttributes = [...list(c.ReadAttributes), ACTIVITY_ATTRIBUTE];
      }),
    ).toEqual([`ReadAttributes lists the admin-only ${ACTIVITY_ATTRIBUTE}`]);
  });

  test('a custom attribute the product writes left undeclared, or too short', async () => {
    expect(
      await changed((t) => {
        const p = poolProps(t);
        p.Schema = (p.Schema as Props[]).filter((a) => a.Name !== 'passkeys');
      }),
    ).toEqual([`${PASSKEYS_ATTRIBUTE} is not declared in the pool's Schema`]);
    expect(
      await changed((t) => {
        const channel = (poolProps(t).Schema as Props[]).find((a) => a.Name === 'channelmeter_id')!;
        channel.StringAttributeConstraints = { MinLength: '0', MaxLength: '64' };
      }),
    ).toEqual([`${CHANNEL_ATTRIBUTE} MaxLength 64 is under the product's 256 bytes`]);
  });

  test('an IAM action missing from the host policy', async () => {
    expect(
      await changed((t) => {
        const doc = (t.Resources.HostPolicy!.Properties as Props).PolicyDocument as Props;
        const [statement] = doc.Statement as Props[];
        statement!.Action = list(statement!.Action).filter((a) => a !== 'cognito-idp:AdminGetUser');
      }),
    ).toEqual(['the host policy lacks cognito-idp:AdminGetUser']);
  });

  test('an IAM action the product never calls (least privilege)', async () => {
    expect(
      await changed((t) => {
        const doc = (t.Resources.HostPolicy!.Properties as Props).PolicyDocument as Props;
        const [statement] = doc.Statement as Props[];
        statement!.Action = [...list(statement!.Action), 'cognito-idp:AdminDisableUser'];
      }),
    ).toEqual([
      'the host policy allows cognito-idp:AdminDisableUser, which the product never calls',
    ]);
  });

  test('a creator allowed to write an admin record, or a write the product needs taken away', async () => {
    expect(
      await changed((t) => {
        const c = clientProps(t);
        c.WriteAttributes = [
          ...list(c.WriteAttributes).filter((a) => a !== 'name'),
          CHANNEL_ATTRIBUTE,
        ];
      }),
    ).toEqual([
      'WriteAttributes lacks name',
      `WriteAttributes lets a creator write ${CHANNEL_ATTRIBUTE}`,
      'WriteAttributes lacks name, which Google maps',
    ]);
  });

  test('a sign-in flow the product never starts, rotation off, existence errors shown', async () => {
    expect(
      await changed((t) => {
        const c = clientProps(t);
        c.ExplicitAuthFlows = [...list(c.ExplicitAuthFlows), 'ALLOW_USER_PASSWORD_AUTH'];
        c.RefreshTokenRotation = { Feature: 'DISABLED' };
        c.PreventUserExistenceErrors = 'LEGACY';
      }),
    ).toEqual([
      'ExplicitAuthFlows allows ALLOW_USER_PASSWORD_AUTH, which the product never starts',
      'refresh tokens must rotate (the product refreshes by GetTokensFromRefreshToken)',
      'PreventUserExistenceErrors must be ENABLED',
    ]);
  });

  test('the role the pool texts with left to be deleted with the stack', async () => {
    expect(
      await changed((t) => {
        delete t.Resources.SmsRole!.DeletionPolicy;
      }),
    ).toEqual(['SmsRole must be retained (DeletionPolicy and UpdateReplacePolicy Retain)']);
  });

  test('email recovery alone beside email two-step', async () => {
    expect(
      await changed((t) => {
        poolProps(t).AccountRecoverySetting = {
          RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }],
        };
      }),
    ).toEqual([
      'with EMAIL_OTP two-step, AccountRecoverySetting needs verified_phone_number: email MFA disqualifies email recovery',
    ]);
  });
});
