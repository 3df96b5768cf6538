import type { Metadata } from 'next';
import { ProfileSettings } from '@/components/profile/profile-settings';
import { getSoftwareTokenMfa, listPasskeys } from '@/lib/cognito';
import { log } from '@/lib/log';
import { requireSession } from '@/lib/session';

export const metadata: Metadata = { title: 'Profile Settings' };

export default async function ProfilePage() {
  const { claims, accessToken } = await requireSession();
  // Google holds two-step and passkeys for an account that signs in with it: nothing to ask.
  const federated = claims.provider !== undefined;
  const [twoStep, passkeys] = federated
    ? [
        { ok: true as const, value: false },
        { ok: true as const, value: [] },
      ]
    : await Promise.all([getSoftwareTokenMfa(accessToken), listPasskeys(accessToken)]);
  if (!twoStep.ok) log.warn('profile.two_step_status_failed', { reason: twoStep.failure.name });
  // A pool without passkeys (WebAuthnNotEnabledException) shows no card; other failures say so.
  if (!passkeys.ok && passkeys.failure.name !== 'WebAuthnNotEnabledException')
    log.warn('profile.passkeys_failed', { reason: passkeys.failure.name });
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <h1 className="text-ink mb-6 text-2xl font-bold">Profile Settings</h1>
      <ProfileSettings
        values={{
          name: claims.name ?? '',
          email: claims.email,
          phone: claims.phoneNumber ?? '',
          phoneVerified: claims.phoneNumberVerified,
          twoStep: twoStep.ok ? twoStep.value : null,
          passkeys: passkeys.ok ? passkeys.value : null,
          provider: claims.provider,
        }}
      />
    </div>
  );
}
