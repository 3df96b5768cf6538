'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCloseGuard } from '@/components/ui/dialog';

export const RECOVERY_FILE = 'creator-dashboard-recovery-codes.txt';

/** Shown once, right after they are made (decision 046); nothing keeps them but the person. */
export function RecoveryCodesList({
  codes,
  onDone,
  titled = true,
}: {
  codes: string[];
  onDone: () => void;
  /** False where the page's own heading already says 'Save your recovery codes'. */
  titled?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const [kept, setKept] = useState(false);
  // Shown once: a stray Escape or click outside before they are kept asks first.
  useCloseGuard(
    kept ? null : "Close without saving your recovery codes? You won't see them again.",
  );
  const text = `Creator Dashboard recovery codes\nEach code signs you in once if you can't use two-step verification.\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
      setKept(true);
    } catch {
      setCopied(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = RECOVERY_FILE;
    a.click();
    setKept(true);
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <section
      aria-labelledby={titled ? 'recovery-codes-heading' : undefined}
      aria-label={titled ? undefined : 'Save your recovery codes'}
      className="flex flex-col gap-4"
    >
      {titled && (
        <h3 id="recovery-codes-heading" className="text-ink text-base font-semibold">
          Save your recovery codes
        </h3>
      )}
      <p className="text-ink text-sm">
        If you lose your phone, each code signs you in once, with your password. Keep them somewhere
        safe: you won&apos;t see them again here.
      </p>
      <ol
        aria-label="Your recovery codes"
        className="bg-surface-muted rounded-card grid grid-cols-2 gap-x-6 gap-y-1 p-4 font-mono text-sm"
      >
        {codes.map((c) => (
          <li key={c} className="text-ink tracking-wide">
            {c}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={copy}>
          Copy codes
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          Download codes
        </Button>
        <Button type="button" onClick={onDone}>
          I saved them
        </Button>
      </div>
      <p role="status" className="text-ink-muted text-xs">
        {copied ? 'Copied.' : ''}
      </p>
    </section>
  );
}
