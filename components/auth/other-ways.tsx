import { IntentLink } from '@/components/ui/intent-link';
import { AuthHeading } from './auth-heading';
import { BackToSignIn } from './back-to-sign-in';

export const OTHER_WAYS_PATH = '/login/mfa/recovery';

export type OtherWay = { href: string; label: string; hint: string; external?: boolean };

const LINK =
  'rounded-card border-surface-border text-ink hover:border-focus flex min-h-14 flex-col justify-center border bg-surface px-4 py-3 text-left';

/** 'Try another way': one list of choices, each its own short step (decision 046). */
export function OtherWays({ ways }: { ways: OtherWay[] }) {
  return (
    <>
      <AuthHeading title="Try another way" subtitle="Choose how to finish signing in." />
      <ul aria-label="Other ways to sign in" className="flex flex-col gap-3">
        {ways.map((way) => (
          <li key={way.href}>
            {way.external ? (
              <a href={way.href} className={LINK}>
                <span className="font-semibold">{way.label}</span>
                <span className="text-ink-muted text-sm">{way.hint}</span>
              </a>
            ) : (
              <IntentLink href={way.href} className={LINK}>
                <span className="font-semibold">{way.label}</span>
                <span className="text-ink-muted text-sm">{way.hint}</span>
              </IntentLink>
            )}
          </li>
        ))}
      </ul>
      <BackToSignIn />
    </>
  );
}

export function OtherWaysLink() {
  return (
    <p className="text-ink-muted mt-6 text-center text-sm">
      <IntentLink
        href={OTHER_WAYS_PATH}
        className="text-accent inline-flex min-h-6 items-center font-semibold hover:underline"
      >
        Try another way
      </IntentLink>
    </p>
  );
}
