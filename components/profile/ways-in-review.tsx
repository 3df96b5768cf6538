import type { MfaSettings, Passkey } from '@/lib/cognito';

const METHOD_NAMES = {
  SOFTWARE_TOKEN_MFA: 'an authenticator app',
  SMS_MFA: 'codes by text message',
  EMAIL_OTP: 'codes by email',
} as const;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** After a reset (decision 032): a passkey, app or device someone else added outlives it. */
export function WaysInReview({
  passkeys,
  mfa,
  devices,
  recovered = false,
}: {
  passkeys: Passkey[] | null;
  mfa: MfaSettings | null;
  devices: number | null;
  /** Signed in with a recovery code (decision 046), not after a reset. */
  recovered?: boolean;
}) {
  const methods = mfa?.methods;
  return (
    <section
      aria-labelledby="ways-in-heading"
      className="rounded-card border-tint-border bg-tint text-ink mb-8 border p-4 sm:p-5"
    >
      <h2 id="ways-in-heading" className="text-lg font-bold">
        {recovered
          ? 'You signed in with a recovery code'
          : 'Password changed. Check the ways into your account'}
      </h2>
      <p className="mt-1 text-sm">
        {recovered
          ? "Two-step verification is now off, and your other recovery codes no longer work. Set it up again below, with your new phone, and remove anything you didn't add yourself."
          : "Every other session has ended. Remove anything below that you didn't add yourself."}
      </p>
      <ul className="mt-3 flex list-disc flex-col gap-1 pl-5 text-sm">
        {passkeys && (
          <li>
            {count(passkeys.length, 'passkey', 'passkeys')}
            {passkeys.length > 0 && ' (remove any under Passkeys, below)'}
          </li>
        )}
        <li>
          Two-step verification:{' '}
          {methods === undefined
            ? 'unknown (see Two-step verification, below)'
            : methods.length === 0
              ? 'off'
              : methods.map((m) => METHOD_NAMES[m]).join(', ')}
        </li>
        {devices !== null && (
          <li>
            {count(devices, 'signed-in device', 'signed-in devices')}
            {devices > 0 && (
              <>
                {' '}
                (
                <a href="#devices" className="text-accent font-semibold hover:underline">
                  Devices
                </a>
                )
              </>
            )}
          </li>
        )}
      </ul>
    </section>
  );
}
