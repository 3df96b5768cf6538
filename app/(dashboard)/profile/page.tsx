import { PageHeading } from '@/components/ui/page-heading';
import { Appearance } from '@/components/profile/appearance';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Devices } from '@/components/profile/devices';
import { DangerZone } from '@/components/profile/cards';
import { GoogleProfile } from '@/components/profile/google-profile';
import { ProfileCards } from '@/components/profile/profile-cards';
import { ProfileDialogsHost } from '@/components/profile/profile-dialogs-host';
import type { ProfileValues } from '@/components/profile/profile-values';
import { RecentActivity } from '@/components/profile/recent-activity';
import { WaysInReview } from '@/components/profile/ways-in-review';
import {
  getMfaSettings,
  listDevices,
  listPasskeys,
  type MfaSettings,
  type Result,
} from '@/lib/cognito';
import { recentSignIns, type SignInEvent } from '@/lib/activity/store';
import { readRecords, type AccountRecords } from '@/lib/profile/records';
import { describe } from '@/lib/passkeys/notes';
import { SetUpAgainGate as SetUpAgain } from '@/components/profile/set-up-again-gate';
import { passkeysSignInWithTwoStep } from '@/lib/passkeys/two-step';
import { thisDeviceKey } from '@/lib/devices';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { parseDeletionOutcome } from '@/lib/oauth/deletion';
import { getEmailChange, requireSession } from '@/lib/session';
import { devicePageSchema } from '@/lib/validation/device';

export const metadata: Metadata = { title: 'Profile Settings' };

type Search = Promise<Record<string, string | string[] | undefined>>;

const skipped = <T,>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });

export default async function ProfilePage({ searchParams }: { searchParams: Search }) {
  const session = await requireSession();
  const { claims, accessToken } = session;
  const search = await searchParams;
  const page = devicePageSchema.safeParse(search.devices);
  // After a reset (decision 032): every way in, listed above the cards that remove each.
  const review = search.review === 'ways-in';
  const pageToken = page.success ? page.data : undefined;
  // Google holds two-step, passkeys and devices for an account that signs in with it.
  const federated = claims.provider !== undefined;
  // Recovery codes, passkey notes and password confirmations: one AdminGetUser for the three.
  const records = federated
    ? skipped<AccountRecords>({ proofs: [], recovery: null, passkeys: [] })
    : readRecords(getEnv(), claims.sub);
  const proofs = records.then((r) => (r.ok ? r.value.proofs : []));
  const [twoStep, passkeys, listed, activity, thisDevice, kept, pendingEmail, passkeyTwoStep] =
    await Promise.all([
      federated ? skipped<MfaSettings>({ methods: [] }) : getMfaSettings(accessToken),
      federated ? skipped([]) : listPasskeys(accessToken),
      federated ? skipped(undefined) : listDevices(accessToken, pageToken),
      federated ? skipped(undefined) : recentSignIns(getEnv(), claims.sub, proofs),
      thisDeviceKey(claims.sub),
      records,
      federated ? null : getEmailChange(session),
      // The pool's configuration, read once in 10 minutes (decision 056).
      federated ? false : passkeysSignInWithTwoStep(),
    ]);
  if (!kept.ok) log.warn('profile.records_read_failed', { reason: kept.failure.name });
  // Names, providers and last use from our notes (decision 049); the pool's list decides which.
  const described = passkeys.ok
    ? describe(passkeys.value, kept.ok ? kept.value.passkeys : [], thisDevice)
    : null;
  // A page token the pool no longer takes (an old link): the first page instead.
  const devices =
    !listed.ok && pageToken && listed.failure.kind !== 'unavailable'
      ? await listDevices(accessToken)
      : listed;
  if (!twoStep.ok) log.warn('profile.two_step_status_failed', { reason: twoStep.failure.name });
  if (!passkeys.ok && passkeys.failure.name !== 'WebAuthnNotEnabledException')
    log.warn('profile.passkeys_failed', { reason: passkeys.failure.name });
  // A pool tracking no devices answers InvalidParameterException (docs/product.md §8.7): no card.
  if (!devices.ok) log.warn('profile.devices_failed', { reason: devices.failure.message.text });
  if (!activity.ok) log.warn('profile.activity_failed', { reason: activity.failure.name });
  const deviceList = devices.ok ? devices.value : undefined;
  const events: SignInEvent[] | undefined = activity.ok ? activity.value : undefined;
  const values: ProfileValues = {
    name: claims.name ?? '',
    email: claims.email,
    pendingEmail,
    phone: claims.phoneNumber ?? '',
    phoneVerified: claims.phoneNumberVerified,
    twoStep: twoStep.ok ? twoStep.value.methods.includes('SOFTWARE_TOKEN_MFA') : null,
    mfa: twoStep.ok ? twoStep.value : null,
    passkeys: described,
    recoveryLeft: kept.ok ? (kept.value.recovery?.h.length ?? 0) : null,
    passkeysSignInWithTwoStep: twoStep.ok && twoStep.value.methods.length > 0 && passkeyTwoStep,
    provider: claims.provider,
    supportEmail: getEnv().SUPPORT_EMAIL,
    deletion: federated ? parseDeletionOutcome(search.deletion) : undefined,
  };
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <PageHeading className="text-ink mb-6 text-2xl font-bold focus:outline-none">
        Profile Settings
      </PageHeading>
      {review && !federated && (
        <WaysInReview
          passkeys={passkeys.ok ? passkeys.value : null}
          mfa={twoStep.ok ? twoStep.value : null}
          devices={deviceList ? deviceList.devices.length : null}
          recovered={search.recovered === '1'}
        />
      )}
      {review &&
        !federated &&
        search.recovered === '1' &&
        twoStep.ok &&
        twoStep.value.methods.length === 0 && <SetUpAgain email={claims.email} />}
      {federated ? <GoogleProfile values={values} /> : <ProfileCards values={values} />}
      {deviceList && (
        <section aria-labelledby="devices-heading" id="devices" className="mt-10 scroll-mt-20">
          <h2 id="devices-heading" className="text-ink mb-1 text-lg font-bold">
            Devices
          </h2>
          <p className="text-ink-muted mb-4 text-sm">
            Browsers and phones you signed in on. A remembered device skips the two-step code.
          </p>
          <Devices devices={deviceList.devices} thisDevice={thisDevice} />
          {(pageToken || deviceList.next) && (
            <nav aria-label="More devices" className="mt-4 flex flex-wrap gap-4 text-sm">
              {pageToken && (
                <Link
                  href="/profile#devices"
                  className="text-accent inline-flex min-h-6 items-center font-medium underline"
                >
                  First page of devices
                </Link>
              )}
              {deviceList.next && (
                <Link
                  href={`/profile?devices=${encodeURIComponent(deviceList.next)}#devices`}
                  className="text-accent inline-flex min-h-6 items-center font-medium underline"
                >
                  More devices
                </Link>
              )}
            </nav>
          )}
        </section>
      )}
      {events && (
        <section aria-labelledby="activity-heading" className="mt-10">
          <h2 id="activity-heading" className="text-ink mb-1 text-lg font-bold">
            Recent activity
          </h2>
          <p className="text-ink-muted mb-4 text-sm">
            Your last 10 sign-ins, attempts and password confirmations. If one was not you, change
            your password.
          </p>
          <RecentActivity events={events} />
        </section>
      )}
      <Appearance />
      <DangerZone />
      <ProfileDialogsHost values={values} />
    </div>
  );
}
