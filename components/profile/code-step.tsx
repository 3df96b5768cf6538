'use client';

import { CodeForm } from '@/components/forms/code-form';
import type { FormAction, SchemaLoader } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import type { ActionState } from '@/lib/action-state';

type Props<F extends string> = {
  action: FormAction<F>;
  /** Loads the schema the action checks. */
  schema?: SchemaLoader;
  resend: () => Promise<ActionState<string>>;
  resendLabel: string;
  /** Sent with the code (e.g. the new email address). */
  hidden?: Record<string, string>;
  /** Further buttons beside the resend one (e.g. Change Number). */
  extra?: React.ReactNode;
  onDone: () => void;
};

/** The 'verify' mode of the email and phone dialogs: six boxes, Verify, and a resend. */
export function CodeStep<F extends string>({
  action,
  schema,
  resend,
  resendLabel,
  hidden,
  extra,
  onDone,
}: Props<F>) {
  return (
    <CodeForm
      action={action}
      schema={schema}
      hidden={hidden}
      resend={resend}
      resilient
      onSuccess={() => onDone()}
      submitLabel="Verify"
    >
      {({ resend: again, sending }) => (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button type="button" variant="ghost" onClick={again} pending={sending}>
            {resendLabel}
          </Button>
          {extra}
        </div>
      )}
    </CodeForm>
  );
}
