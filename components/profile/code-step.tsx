'use client';

import { CodeForm } from '@/components/forms/code-form';
import type { FormAction, SchemaLoader } from '@/components/forms/use-action-form';
import { ResendButton } from '@/components/ui/resend-button';
import type { ActionState } from '@/lib/actions/state';

type Props<F extends string> = {
  action: FormAction<F>;
  schema?: SchemaLoader;
  resend: () => Promise<ActionState<string>>;
  resendLabel: string;
  hidden?: Record<string, string>;
  extra?: React.ReactNode;
  onDone: () => void;
};

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
      {({ resend: again, sending, wait, inMessage }) => (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ResendButton
            onResend={again}
            pending={sending}
            wait={wait}
            label={resendLabel}
            inMessage={inMessage}
          />
          {extra}
        </div>
      )}
    </CodeForm>
  );
}
