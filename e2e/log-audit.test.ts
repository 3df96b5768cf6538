import { findCodeLeak, lineLeaksCode } from './log-audit';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 'info', time: '2026-11-23T10:20:30.123Z', ...fields });

describe('the log audit finds a code where a leak would put it', () => {
  test('a code as a value of its own', () => {
    expect(lineLeaksCode(line({ event: 'signup.confirm', attempt: '906977' }), '906977')).toBe(
      true,
    );
  });

  test('a code as a whole word in a message, nested or not', () => {
    expect(lineLeaksCode(line({ event: 'x', msg: 'code 906977 rejected' }), '906977')).toBe(true);
    expect(
      lineLeaksCode(line({ event: 'x', err: { message: 'Invalid code: "906977".' } }), '906977'),
    ).toBe(true);
    expect(
      lineLeaksCode(line({ event: 'x', body: 'code=906977&email=a%40b.test' }), '906977'),
    ).toBe(true);
  });

  test('a code in a plain-text line', () => {
    expect(lineLeaksCode('Error: bad code 906977 at confirm (actions.ts:12)', '906977')).toBe(true);
  });

  test('not a code merely inside a request id, a time or another longer run', () => {
    const id = line({
      event: 'profile.verify_email_failed',
      reqId: '9fe97fa1-f727-4fc9-928f-c2729069774e',
    });
    expect(lineLeaksCode(id, '906977')).toBe(false);
    expect(lineLeaksCode(line({ event: 'x', sub: 'a1906977b2' }), '906977')).toBe(false);
    expect(lineLeaksCode(line({ event: 'x', ms: 906977 }), '906977')).toBe(false);
    expect(lineLeaksCode('GET /login?ref=19069771 200', '906977')).toBe(false);
    expect(lineLeaksCode('    at f (.next/server/chunks/ssr/_abc.js:1:906977)', '906977')).toBe(
      false,
    );
  });

  test('findCodeLeak reports the first leaking line and its code', () => {
    const log = [
      line({ event: 'a', reqId: '9fe97fa1-f727-4fc9-928f-c2729069774e' }),
      line({ event: 'b', note: 'sent 123456' }),
    ].join('\n');
    expect(findCodeLeak(log, ['906977'])).toBeUndefined();
    expect(findCodeLeak(log, ['906977', '123456'])).toEqual({
      code: '123456',
      line: expect.stringContaining('sent 123456'),
    });
  });

  test('findCodeLeak finds a code beside a JSON escape, and codes that are not one word', () => {
    const log = [
      line({ event: 'a', msg: 'first line\n482913 sent' }),
      line({ event: 'b', path: 'C:\\codes\\771204' }),
      'plain text with ab-cd-ef in it',
    ].join('\n');
    expect(findCodeLeak(log, ['482913'])?.code).toBe('482913');
    expect(findCodeLeak(log, ['771204'])?.code).toBe('771204');
    expect(findCodeLeak(log, ['ab-cd-ef'])?.line).toBe('plain text with ab-cd-ef in it');
    expect(findCodeLeak(log, ['first1', 'line48'])).toBeUndefined();
  });

  test('findCodeLeak reads a whole run of logs in about a second', () => {
    const lines = Array.from({ length: 40_000 }, (_, i) =>
      line({ event: 'http.access', reqId: `req-${i}-c2729069774e`, ms: i % 700 }),
    );
    const codes = Array.from({ length: 3_000 }, (_, i) => String(100_000 + i * 7));
    const started = Date.now();
    expect(findCodeLeak(lines.join('\n'), codes)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
