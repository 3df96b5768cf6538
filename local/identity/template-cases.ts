/**
 * The cases `npm run conformance` runs against a disposable pool made from the template
 * (infra/user-pool.yaml) and, in the same code, against the local pool in `npm test`
 * (template.conformance.test.ts): each answers what the pool said, reduced to what the product
 * relies on, so the two answers can be compared. `unconfirmed`: no AWS source settles the local
 * pool's answer; a real pool's run does.
 */
import {
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  AssociateSoftwareTokenCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  StartWebAuthnRegistrationCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import {
  PASSWORD,
  answerName,
  createConfirmedUser,
  failure,
  hashParam,
  signIn,
  uniqueEmail,
  type PoolTarget,
} from './conformance-harness';

export type Answer = Record<string, string | number | boolean | null>;
export interface TemplateCase {
  name: string;
  /** No AWS source settles the local pool's answer (local/identity/README.md, unconfirmed). */
  unconfirmed?: string;
  run(target: PoolTarget): Promise<Answer>;
}

const phoneNumber = () => `+1555${String(Date.now() % 10_000_000).padStart(7, '0')}`;
/** The error a call got, its client id written `<client>` so two pools' answers compare. */
const errorOf = async (target: PoolTarget, promise: Promise<unknown>) => {
  const { name, message } = await failure(promise);
  return `${name}: ${message.split(target.clientId).join('<client>')}`;
};

/** A confirmed user with the authenticator app on: its email and the app's secret. */
async function withTotp(target: PoolTarget) {
  const { email, tokens } = await createConfirmedUser(target);
  const { SecretCode = '' } = await target.client.send(
    new AssociateSoftwareTokenCommand({ AccessToken: tokens.AccessToken }),
  );
  await target.client.send(
    new VerifySoftwareTokenCommand({
      AccessToken: tokens.AccessToken,
      // The window before: the current code stays unspent for the sign-in's answer.
      UserCode: generateSync({ secret: SecretCode, epoch: Math.floor(Date.now() / 1000) - 30 }),
    }),
  );
  await target.client.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: tokens.AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return { email, secret: SecretCode };
}

export const TEMPLATE_CASES: TemplateCase[] = [
  {
    name: 'sign-up sends its code to the email',
    async run(target) {
      const email = uniqueEmail('tpl-signup');
      const out = await target.client.send(
        new SignUpCommand({ ClientId: target.clientId, Username: email, Password: PASSWORD }),
      );
      return {
        confirmed: out.UserConfirmed ?? null,
        medium: out.CodeDeliveryDetails?.DeliveryMedium ?? null,
      };
    },
  },
  {
    name: 'SRP sign-in answers tokens, the username USER_ID_FOR_SRP',
    async run(target) {
      const { email } = await createConfirmedUser(target);
      const out = await signIn(target, email, PASSWORD);
      return { tokens: Boolean(out.AuthenticationResult?.AccessToken) };
    },
  },
  {
    name: 'a TOTP answer by the email is refused, by the username taken',
    unconfirmed: 'the error an alias in an answer after the password gets',
    async run(target) {
      const { email, secret } = await withTotp(target);
      const answer = (username: string, session: string | undefined) =>
        target.client.send(
          new RespondToAuthChallengeCommand({
            ClientId: target.clientId,
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            Session: session,
            ChallengeResponses: {
              USERNAME: username,
              SOFTWARE_TOKEN_MFA_CODE: generateSync({ secret }),
              ...hashParam(target, username),
            },
          }),
        );
      const first = await signIn(target, email, PASSWORD);
      const byAlias = await errorOf(target, answer(email, first.Session));
      const again = await signIn(target, email, PASSWORD);
      const byName = await answer(answerName(again, email), again.Session);
      return { byAlias, byUsername: Boolean(byName.AuthenticationResult?.AccessToken) };
    },
  },
  {
    name: 'a new phone number is sent no code by itself (email only auto-verified)',
    async run(target) {
      const { tokens } = await createConfirmedUser(target);
      const out = await target.client.send(
        new UpdateUserAttributesCommand({
          AccessToken: tokens.AccessToken,
          UserAttributes: [{ Name: 'phone_number', Value: phoneNumber() }],
        }),
      );
      return { codesSent: (out.CodeDeliveryDetailsList ?? []).length };
    },
  },
  {
    name: 'a reset with email two-step goes by text to the verified phone',
    async run(target) {
      const { email } = await createConfirmedUser(target);
      await target.client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: target.poolId,
          Username: email,
          UserAttributes: [
            { Name: 'phone_number', Value: phoneNumber() },
            { Name: 'phone_number_verified', Value: 'true' },
          ],
        }),
      );
      await target.client.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId: target.poolId,
          Username: email,
          EmailMfaSettings: { Enabled: true, PreferredMfa: true },
        }),
      );
      const out = await target.client.send(
        new ForgotPasswordCommand({ ClientId: target.clientId, Username: email }),
      );
      return { medium: out.CodeDeliveryDetails?.DeliveryMedium ?? null };
    },
  },
  {
    name: "a choice-based sign-in's tokens refresh",
    unconfirmed: 'device tracking for USER_AUTH (AWS ties it to USER_SRP_AUTH)',
    async run(target) {
      const { email } = await createConfirmedUser(target);
      const out = await target.client.send(
        new InitiateAuthCommand({
          ClientId: target.clientId,
          AuthFlow: 'USER_AUTH',
          AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD },
        }),
      );
      const result = out.AuthenticationResult;
      const refreshed = await target.client
        .send(
          new GetTokensFromRefreshTokenCommand({
            ClientId: target.clientId,
            RefreshToken: result?.RefreshToken,
            ...(target.clientSecret ? { ClientSecret: target.clientSecret } : {}),
          }),
        )
        .then((r) => Boolean(r.AuthenticationResult?.AccessToken))
        .catch(
          (error: Error) =>
            `${error.name}: ${error.message.split(target.clientId).join('<client>')}`,
        );
      return { newDevice: Boolean(result?.NewDeviceMetadata?.DeviceKey), refreshed };
    },
  },
  {
    name: "passkey registration names the site's domain as relying party",
    async run(target) {
      const { tokens } = await createConfirmedUser(target);
      const out = await target.client.send(
        new StartWebAuthnRegistrationCommand({ AccessToken: tokens.AccessToken }),
      );
      const rp = (out.CredentialCreationOptions as { rp?: { id?: string } } | undefined)?.rp;
      return { rpIsOneDomain: typeof rp?.id === 'string' && !rp.id.includes('/') };
    },
  },
];
