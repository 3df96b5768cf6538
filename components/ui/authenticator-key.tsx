'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { groupKey } from '@/lib/validation/authenticator-key';

function CopyKey({ secret }: { secret: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => void copy()}>
        {copied === 'yes' ? 'Copied' : 'Copy key'}
      </Button>
      <span className="sr-only" role="status">
        {copied === 'yes'
          ? 'Key copied.'
          : copied === 'no'
            ? 'Copying did not work: select the key and copy it.'
            : ''}
      </span>
    </>
  );
}

export function AuthenticatorKey({ secret, qr }: { secret: string; qr: string }) {
  return (
    <ol className="text-ink flex list-decimal flex-col gap-4 pl-5 text-sm">
      <li>
        <p>Scan this QR code with your authenticator app.</p>
        <div
          role="img"
          aria-label="QR code for your authenticator app"
          className="mx-auto mt-3 size-44 [&>svg]:size-full"
          // SVG made by qrcode on the server from our own otpauth URI: no outside markup.
          dangerouslySetInnerHTML={{ __html: qr }}
        />
        <p className="mt-3">Can&apos;t scan it? Enter this key in the app instead:</p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <code
            translate="no"
            // Four groups a line: the key reads as two even rows, the way apps show it.
            className="bg-surface-muted text-ink block w-fit max-w-[calc(20ch+1.5rem)] rounded-lg px-3 py-2 font-mono text-base tracking-wide select-all"
          >
            {groupKey(secret)}
          </code>
          <CopyKey secret={secret} />
        </div>
      </li>
      <li>Enter the 6-digit code the app shows for Creator Dashboard.</li>
    </ol>
  );
}
