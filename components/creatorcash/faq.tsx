'use client';

import * as Accordion from '@radix-ui/react-accordion';
import { useId, useState } from 'react';
import type { FaqItem } from '@/lib/creatorcash/copy';
import { Icon } from './icons';

// Own panels, not Accordion.Content, which drops closed content from the HTML: every answer is in
// the server HTML, and closed ones are only `hidden`.
export function Faq({ items }: { items: readonly FaqItem[] }) {
  const prefix = useId();
  const [open, setOpen] = useState('item-0');

  return (
    <Accordion.Root
      type="single"
      collapsible
      value={open}
      onValueChange={setOpen}
      className="divide-surface-border rounded-card border-surface-border bg-surface shadow-card divide-y border"
    >
      {items.map((item, i) => {
        const value = `item-${i}`;
        const triggerId = `${prefix}-q${i}`;
        const panelId = `${prefix}-a${i}`;
        const isOpen = open === value;
        return (
          <Accordion.Item key={value} value={value}>
            <Accordion.Header asChild>
              <h3>
                <Accordion.Trigger
                  id={triggerId}
                  aria-controls={panelId}
                  className="group text-ink hover:text-accent flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold sm:px-6"
                >
                  {item.question}
                  <Icon
                    name="chevron"
                    className="text-accent size-5 shrink-0 transition-transform duration-200 group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </h3>
            </Accordion.Header>
            <div
              id={panelId}
              role="region"
              aria-labelledby={triggerId}
              hidden={!isOpen}
              className="text-ink-muted px-5 pb-5 sm:px-6"
            >
              <p>{item.answer}</p>
            </div>
          </Accordion.Item>
        );
      })}
    </Accordion.Root>
  );
}
