import path from 'node:path';
import { childLog } from '@/test/child-log';

it("the framework's console output becomes JSON lines at the right level", () => {
  const { lines } = childLog(`
    const m = await import(${JSON.stringify(path.join(__dirname, 'console-bridge.ts'))});
    (m.default ?? m).bridgeConsole();
    console.error(' \\u001b[31m⨯\\u001b[39m Error: boom', { digest: '42' });
    console.warn('⚠ slow');
    console.log('plain %s', 'text');
    console.info('');
  `);
  expect(lines.map(({ level, event, message }) => ({ level, event, message }))).toEqual([
    { level: 'error', event: 'next.console', message: "Error: boom { digest: '42' }" },
    { level: 'warn', event: 'next.console', message: 'slow' },
    { level: 'info', event: 'next.console', message: 'plain text' },
  ]);
});
