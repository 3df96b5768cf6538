import { format } from 'node:util';
import { log } from './log';

const LEVELS = { debug: 'info', log: 'info', info: 'info', warn: 'warn', error: 'error' } as const;
// ANSI colours and Next's own markers ("⨯", "⚠") are for a terminal, not a log search.
const COLOUR = /\u001b\[[0-9;]*m/g;
const MARKER = /^\s*[⨯⚠✓○]\s*/u;

/** What the framework prints after start-up (its error lines among them) becomes JSON lines too. */
export function bridgeConsole(): void {
  for (const [method, level] of Object.entries(LEVELS) as [
    keyof typeof LEVELS,
    'info' | 'warn' | 'error',
  ][]) {
    console[method] = (...args: unknown[]) => {
      const message = format(...args)
        .replace(COLOUR, '')
        .replace(MARKER, '')
        .trim();
      if (message) log[level]('next.console', { message: message.slice(0, 4000) });
    };
  }
}
