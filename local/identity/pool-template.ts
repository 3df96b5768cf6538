/**
 * The local pool is the production pool: its defaults are read from infra/user-pool.yaml, the
 * CloudFormation template an operator deploys, evaluated with the local stack's parameters. What
 * the template does not decide (Cognito's own quotas) and what the local stack contract needs
 * (docs/architecture.md §4: a public app client, so tests sign up with the client id alone) are
 * named in settings.ts, each with why.
 */

import { LOCAL_STACK } from '../../contract/local-stack';
import {
  evaluateTemplate,
  list,
  loadTemplate,
  only,
  policyActions,
  type Template,
} from '../../infra/template';

/** The parameters the local stack deploys the template with. */
export const LOCAL_PARAMETERS: Readonly<Record<string, string>> = {
  SiteUrl: `http://localhost:${LOCAL_STACK.ports.web}`,
  PasskeyDomain: 'localhost',
  SesIdentityArn: 'arn:aws:ses:us-east-1:000000000000:identity/creator.test',
  FromAddress: 'Creator Dashboard <no-reply@creator.test>',
  SmsExternalId: 'local-stack-sms',
  AuthDomainPrefix: 'local',
  GoogleClientId: 'local-google-client',
};

/** AccountRecoverySetting's mechanisms, by priority. */
export type RecoveryMechanism = 'verified_email' | 'verified_phone_number' | 'admin_only';

/** What the template decides about the pool and its app client, in the local pool's terms. */
export interface TemplatePool {
  existenceErrors: 'ENABLED' | 'LEGACY';
  clientSecret: boolean;
  propagateUserContext: boolean;
  refreshTokenRotation: boolean;
  refreshTokenGraceSeconds: number;
  passwordHistorySize: number;
  keepOriginalPhone: boolean;
  /** AutoVerifiedAttributes: what a change sends a code for by itself. */
  autoVerifiedAttributes: string[];
  allowedFirstAuthFactors: string[];
  webAuthnRelyingPartyId: string;
  webAuthnUserVerification: string;
  webAuthnFactorConfiguration: string;
  callbackUrls: string[];
  logoutUrls: string[];
  identityProviders: string[];
  deviceTracking: 'off' | 'always' | 'opt-in';
  deviceMfaBypass: boolean;
  threatProtection: 'off' | 'audit' | 'enforced';
  mfa: 'off' | 'optional' | 'required';
  mfaFactors: string[];
  accountRecovery: RecoveryMechanism[];
  readAttributes: string[];
  writeAttributes: string[];
  /** Custom attributes (`custom:name`) and their MaxLength, in bytes. */
  customAttributes: Map<string, number>;
  /** Token lifetimes in seconds. */
  tokenTtl: { access: number; id: number; refresh: number };
  /** The host policy's cognito-idp actions, without the prefix. */
  hostActions: string[];
}

type Props = Record<string, unknown>;
const SECONDS = { seconds: 1, minutes: 60, hours: 3600, days: 86400 } as const;

function seconds(value: unknown, unit: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const factor = SECONDS[(unit ?? 'hours') as keyof typeof SECONDS];
  if (!factor) throw new Error(`unknown token validity unit ${String(unit)}`);
  return Number(value) * factor;
}

/** The template's pool, client and host policy, for `parameters`. */
export function poolFromTemplate(
  template: Template = loadTemplate(),
  parameters: Readonly<Record<string, string>> = LOCAL_PARAMETERS,
): TemplatePool {
  const evaluated = evaluateTemplate(template, { ...parameters });
  const pool = only(evaluated, 'AWS::Cognito::UserPool') as Props;
  const client = only(evaluated, 'AWS::Cognito::UserPoolClient') as Props;
  const policies = (pool.Policies ?? {}) as Props;
  const password = (policies.PasswordPolicy ?? {}) as Props;
  const signIn = (policies.SignInPolicy ?? {}) as Props;
  const devices = pool.DeviceConfiguration as Props | undefined;
  const rotation = (client.RefreshTokenRotation ?? {}) as Props;
  const units = (client.TokenValidityUnits ?? {}) as Props;
  const recovery = ((pool.AccountRecoverySetting as Props | undefined)?.RecoveryMechanisms ??
    []) as { Name: RecoveryMechanism; Priority: number }[];
  const addOns = (pool.UserPoolAddOns ?? {}) as Props;
  const customAttributes = new Map<string, number>();
  for (const attribute of (pool.Schema ?? []) as Props[]) {
    const name = String(attribute.Name);
    if (['email', 'name', 'phone_number'].includes(name) || !/^[a-z_]+$/.test(name)) continue;
    const constraints = (attribute.StringAttributeConstraints ?? {}) as Props;
    customAttributes.set(`custom:${name}`, Number(constraints.MaxLength ?? 2048));
  }
  const hostActions = policyActions(evaluated)
    .filter((action) => action.startsWith('cognito-idp:'))
    .map((action) => action.slice('cognito-idp:'.length));
  const mfa = { OFF: 'off', OPTIONAL: 'optional', ON: 'required' } as const;
  return {
    existenceErrors: client.PreventUserExistenceErrors === 'ENABLED' ? 'ENABLED' : 'LEGACY',
    clientSecret: client.GenerateSecret === true,
    propagateUserContext: client.EnablePropagateAdditionalUserContextData === true,
    refreshTokenRotation: rotation.Feature === 'ENABLED',
    refreshTokenGraceSeconds: Number(rotation.RetryGracePeriodSeconds ?? 0),
    passwordHistorySize: Number(password.PasswordHistorySize ?? 0),
    autoVerifiedAttributes: list(pool.AutoVerifiedAttributes),
    keepOriginalPhone: list(
      (pool.UserAttributeUpdateSettings as Props | undefined)
        ?.AttributesRequireVerificationBeforeUpdate,
    ).includes('phone_number'),
    allowedFirstAuthFactors: list(signIn.AllowedFirstAuthFactors ?? ['PASSWORD']),
    webAuthnRelyingPartyId: String(pool.WebAuthnRelyingPartyID),
    webAuthnUserVerification: String(pool.WebAuthnUserVerification ?? 'preferred'),
    webAuthnFactorConfiguration: String(pool.WebAuthnFactorConfiguration ?? 'SINGLE_FACTOR'),
    callbackUrls: list(client.CallbackURLs),
    logoutUrls: list(client.LogoutURLs),
    identityProviders: list(client.SupportedIdentityProviders).filter((p) => p !== 'COGNITO'),
    // DeviceConfiguration absent: devices are not remembered. ChallengeRequiredOnNewDevice:
    // "a remembered device can sign in with device authentication instead of SMS and TOTP".
    deviceTracking: !devices
      ? 'off'
      : devices.DeviceOnlyRememberedOnUserPrompt
        ? 'opt-in'
        : 'always',
    deviceMfaBypass: devices?.ChallengeRequiredOnNewDevice === true,
    threatProtection:
      addOns.AdvancedSecurityMode === 'AUDIT'
        ? 'audit'
        : addOns.AdvancedSecurityMode === 'ENFORCED'
          ? 'enforced'
          : 'off',
    mfa: mfa[(pool.MfaConfiguration ?? 'OFF') as keyof typeof mfa],
    mfaFactors: list(pool.EnabledMfas),
    accountRecovery: [...recovery].sort((a, b) => a.Priority - b.Priority).map((r) => r.Name),
    readAttributes: list(client.ReadAttributes),
    writeAttributes: list(client.WriteAttributes),
    customAttributes,
    tokenTtl: {
      access: seconds(client.AccessTokenValidity, units.AccessToken, 3600),
      id: seconds(client.IdTokenValidity, units.IdToken, 3600),
      refresh: seconds(client.RefreshTokenValidity, units.RefreshToken ?? 'days', 30 * 86400),
    },
    hostActions,
  };
}

let cached: TemplatePool | undefined;
/** The template's pool with the local parameters (read once). */
export function templatePool(): TemplatePool {
  cached ??= poolFromTemplate();
  return cached;
}
