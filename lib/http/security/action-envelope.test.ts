import { plausibleFormReply, plausibleTextReply } from './action-envelope';

describe('plausibleTextReply', () => {
  it.each([
    '[]',
    '["a@b.co"]',
    '["$$escaped"]',
    '[{"status":"idle","values":{"x":"$undefined"}}]',
    '[1,true,null]',
    '["$D2026-11-21T00:00:00.000Z"]',
  ])('accepts %s', (body) => expect(plausibleTextReply(body)).toBe(true));
  it.each([
    '',
    '[',
    '{garbage',
    'null',
    '123',
    '"x"',
    '{}',
    '["$Q1"]',
    '["$h"]',
    '["$@ff"]',
    '[{"a":"$T"}]',
    '["$K1"]',
    '"$K99"',
  ])('refuses %s', (body) => expect(plausibleTextReply(body)).toBe(false));
  it('refuses absurd nesting', () => {
    expect(plausibleTextReply(`${'['.repeat(100)}${']'.repeat(100)}`)).toBe(false);
  });
});

describe('plausibleFormReply', () => {
  it('accepts what the forms send', () => {
    expect(plausibleFormReply(['_1_email', '_1_password', '0'], '[{"status":"idle"},"$K1"]')).toBe(
      true,
    );
    expect(plausibleFormReply(['1_email', '0'], '[{"status":"idle"},"$K1"]')).toBe(true);
    expect(plausibleFormReply(['0'], '[]')).toBe(true);
    // An empty form (a lone button) sends its reference and no fields.
    expect(plausibleFormReply(['0'], '["$K1"]')).toBe(true);
  });
  it.each<[string, string[], string | null]>([
    ['no field 0', ['1_email'], null],
    ['0 not JSON', ['0'], 'garbage'],
    ['0 not an array', ['0'], 'null'],
    ['another kind of reference', ['0', '1'], '["$Q1"]'],
  ])('refuses %s', (_label, fields, zero) => {
    expect(plausibleFormReply(fields, zero)).toBe(false);
  });
});
