import 'server-only';
import {
  CompleteWebAuthnRegistrationCommand,
  DeleteWebAuthnCredentialCommand,
  ListWebAuthnCredentialsCommand,
  StartWebAuthnRegistrationCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { plainName } from '@/lib/format';
import { cognito } from './client';
import { attempt } from './shared';

export type Passkey = {
  id: string;
  name: string;
  /** Seconds since the epoch. */
  createdAt: number;
  attachment?: string;
};

/** A JSON string for the browser: the creation options carry nothing secret. */
export function startPasskeyRegistration(accessToken: string) {
  return attempt('passkeys', async () => {
    const out = await cognito().send(
      new StartWebAuthnRegistrationCommand({ AccessToken: accessToken }),
    );
    if (!out.CredentialCreationOptions) throw new Error('registration without options');
    return JSON.stringify(out.CredentialCreationOptions);
  });
}

export function completePasskeyRegistration(accessToken: string, credential: unknown) {
  return attempt('passkeys', async () => {
    await cognito().send(
      new CompleteWebAuthnRegistrationCommand({
        AccessToken: accessToken,
        Credential: credential as Record<string, never>,
      }),
    );
  });
}

/** Every passkey of the user (Cognito pages by 20 at most; a person has a handful). */
export function listPasskeys(accessToken: string) {
  return attempt('passkeys', async () => {
    const passkeys: Passkey[] = [];
    let next: string | undefined;
    for (let page = 0; page < 10; page++) {
      const out = await cognito().send(
        new ListWebAuthnCredentialsCommand({
          AccessToken: accessToken,
          MaxResults: 20,
          NextToken: next,
        }),
      );
      for (const c of out.Credentials ?? []) {
        if (!c.CredentialId) continue;
        passkeys.push({
          id: c.CredentialId,
          // The authenticator's own name: shown, so never one that reorders or hides text.
          name: plainName(c.FriendlyCredentialName ?? '') || 'Passkey',
          createdAt: c.CreatedAt ? Math.floor(c.CreatedAt.getTime() / 1000) : 0,
          ...(c.AuthenticatorAttachment ? { attachment: c.AuthenticatorAttachment } : {}),
        });
      }
      next = out.NextToken;
      if (!next) break;
    }
    return passkeys;
  });
}

export function deletePasskey(accessToken: string, credentialId: string) {
  return attempt('passkeys', async () => {
    await cognito().send(
      new DeleteWebAuthnCredentialCommand({ AccessToken: accessToken, CredentialId: credentialId }),
    );
  });
}
