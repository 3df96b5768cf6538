import { IntentLink } from '@/components/ui/intent-link';

export function BackToSignIn() {
  return (
    <p className="text-ink-muted mt-6 text-center text-sm">
      <IntentLink
        href="/login"
        className="text-accent inline-flex min-h-6 items-center font-semibold hover:underline"
      >
        Back to sign in
      </IntentLink>
    </p>
  );
}
