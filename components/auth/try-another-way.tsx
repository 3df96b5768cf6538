import { IntentLink } from '@/components/ui/intent-link';

/** On every two-step screen: recovery codes and support when the method at hand is lost. */
export function TryAnotherWay() {
  return (
    <p className="text-center text-sm">
      <IntentLink
        href="/login/mfa/recovery"
        className="text-accent inline-flex min-h-6 items-center font-semibold hover:underline"
      >
        Try another way
      </IntentLink>
    </p>
  );
}
