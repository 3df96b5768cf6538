'use client';

import { useEffect, useRef, useState } from 'react';
import type { ApplicationCopy } from '@/lib/creatorcash/copy';
import { Icon } from './icons';

type Step = 1 | 2 | 3 | 4;

const primaryButton =
  'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-card transition-colors hover:bg-brand-700 sm:w-auto';

// Each change moves focus to the new state's heading: the control that caused it is gone.
export function ApplicationSteps({
  copy,
  supportEmail,
}: {
  copy: ApplicationCopy;
  supportEmail: string;
}) {
  const [step, setStep] = useState<Step>(1);
  const heading = useRef<HTMLHeadingElement>(null);
  const changed = useRef(false);

  useEffect(() => {
    if (changed.current) heading.current?.focus();
  }, [step]);

  function go(next: Step) {
    changed.current = true;
    setStep(next);
  }

  const early = step === 1 ? copy.step1 : copy.step2;
  const progress = [copy.step1.title, copy.step2.title, copy.successMessage.title];
  const mailto = `mailto:${supportEmail}?subject=${encodeURIComponent(copy.failureMessage.mailTo.subject)}`;

  return (
    <div className="grid gap-6">
      <ol aria-label="Application progress" className="grid grid-cols-3 gap-2 text-sm">
        {progress.map((label, i) => {
          const n = i + 1;
          const done = step > n && !(step === 4 && n === 3);
          const current = step === n || (step === 4 && n === 3);
          const failed = step === 4 && n === 3;
          return (
            <li
              key={label}
              aria-current={current ? 'step' : undefined}
              className="flex flex-col items-center gap-2 text-center sm:flex-row sm:text-left"
            >
              <span
                className={`flex size-8 shrink-0 items-center justify-center rounded-full border-2 font-semibold ${
                  failed
                    ? 'border-danger-fill bg-danger-fill text-white'
                    : done
                      ? 'border-success-fill bg-success-fill text-white'
                      : current
                        ? 'border-brand-600 bg-brand-600 text-white'
                        : 'border-surface-border bg-surface text-ink-muted'
                }`}
              >
                {failed ? (
                  <Icon name="alert" className="size-4" />
                ) : done ? (
                  <Icon name="check" className="size-4" />
                ) : (
                  n
                )}
              </span>
              <span className={current ? 'text-ink font-semibold' : 'text-ink-muted'}>
                {label}
                {done ? <span className="sr-only"> (done)</span> : null}
                {failed ? <span className="sr-only"> (needs attention)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>

      <div
        className={`rounded-card shadow-card border p-6 sm:p-8 ${
          step === 3
            ? 'border-success/30 bg-success-bg'
            : step === 4
              ? 'border-danger/30 bg-danger-bg'
              : 'border-surface-border bg-surface'
        }`}
      >
        {step === 1 || step === 2 ? (
          <>
            <p className="text-accent text-sm font-semibold">Step {step} of 3</p>
            <h3 ref={heading} tabIndex={-1} className="text-ink mt-1 text-2xl font-bold">
              {early.title}
            </h3>
            <p className="text-ink-muted mt-2">{early.description}</p>
            <button
              type="button"
              className={`${primaryButton} mt-6`}
              onClick={() => go(step === 1 ? 2 : 3)}
            >
              {step === 1 ? <Icon name="play" /> : <Icon name="arrow" />}
              {early.action}
            </button>
          </>
        ) : step === 3 ? (
          <>
            <p className="text-success flex items-center gap-2 text-sm font-semibold">
              <Icon name="check" className="size-5" />
              Step 3 of 3
            </p>
            <h3 ref={heading} tabIndex={-1} className="text-success mt-1 text-2xl font-bold">
              {copy.successMessage.title}
            </h3>
            <button
              type="button"
              onClick={() => go(4)}
              className="rounded-card border-success/30 bg-surface text-ink hover:border-success mt-4 flex w-full flex-col gap-2 border p-4 text-left transition-colors"
            >
              <span>{copy.successMessage.description}</span>
              <span className="text-success inline-flex items-center gap-1 font-semibold">
                {copy.successMessage.action}
                <Icon name="arrow" className="size-4" />
              </span>
            </button>
          </>
        ) : (
          <>
            <p className="text-danger flex items-center gap-2 text-sm font-semibold">
              <Icon name="alert" className="size-5" />
              Application status
            </p>
            <h3 ref={heading} tabIndex={-1} className="text-danger mt-1 text-2xl font-bold">
              {copy.failureMessage.title}
            </h3>
            <p className="text-ink mt-2">{copy.failureMessage.description}</p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
              <a href={mailto} className={primaryButton}>
                <Icon name="mail" />
                {copy.failureMessage.mailTo.label}
              </a>
              <button
                type="button"
                onClick={() => go(1)}
                className="text-accent min-h-12 rounded-full px-6 py-3 font-semibold underline-offset-4 hover:underline"
              >
                Start over
              </button>
            </div>
            <p className="text-ink-muted mt-4 text-sm">
              Or write to <span className="text-ink font-medium">{supportEmail}</span>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
