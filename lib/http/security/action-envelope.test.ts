import {
  isNoScriptCall,
  noScriptCallProblem,
  plausibleFormReply,
  plausibleTextReply,
} from './action-envelope';

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
    expect(plausibleFormReply('[{"status":"idle"},"$K1"]')).toBe(true);
    expect(plausibleFormReply('[]')).toBe(true);
    // An empty form (a lone button) sends its reference and no fields.
    expect(plausibleFormReply('["$K1"]')).toBe(true);
  });
  it.each<[string, string | null]>([
    ['no field 0', null],
    ['0 not JSON', 'garbage'],
    ['0 not an array', 'null'],
    ['another kind of reference', '["$Q1"]'],
  ])('refuses %s', (_label, zero) => {
    expect(plausibleFormReply(zero)).toBe(false);
  });
});

describe('a reply React writes for a repeated object, an argument list, a BigInt', () => {
  // React writes an object it meets again as the path of its first place: `$0:<key>:…`.
  const shared =
    '[{"fieldErrors":{"email":[{"text":"Required"}],"password":["$0:0:fieldErrors:email:0"]}}]';
  it('accepts a repeated object by its path in the same reply', () => {
    expect(plausibleTextReply(shared)).toBe(true);
    expect(plausibleFormReply(shared.replace(/}]$/, '},"$K1"]'))).toBe(true);
    expect(plausibleTextReply(`["$n${'9'.repeat(300)}"]`)).toBe(true);
    expect(plausibleTextReply(`[${Array(1000).fill(1).join(',')}]`)).toBe(true);
  });
  it.each([
    ['a path to nothing', '[{"a":{}},"$0:0:b"]'],
    ['a path to a string', '["x","$0:0"]'],
    // A repeated array is counted again each time; React caps the count.
    ['a path to an array', '[[1,2],"$0:0"]'],
    ['a path into another part', '[{"a":{}},"$1:0:a"]'],
    ['a path through __proto__', '[{"__proto__":{"a":{}}},"$0:0:__proto__:a"]'],
    ['the whole reply', '[{"a":1},"$0"]'],
    ['more arguments than Next passes', `[${Array(1001).fill(1).join(',')}]`],
    ['a BigInt longer than React reads', `["$n${'9'.repeat(301)}"]`],
  ])('refuses %s', (_label, body) => expect(plausibleTextReply(body)).toBe(false));
});

const ID = `7f${'a'.repeat(40)}`;
const descriptor = JSON.stringify({ id: ID, bound: '$@1' });
const form = (entries: [string, string][]) => {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
};

describe('isNoScriptCall', () => {
  it.each([
    [['$ACTION_REF_1', '$ACTION_1:0', 'email'], true],
    [[`$ACTION_ID_${ID}`], true],
    [['$ACTION_KEY'], true],
    [['email', 'password'], false],
    // A script-sent form's own fields sit under its prefix, whatever their names.
    [['0', '_1_$ACTION_ID_0'], false],
  ])('%j -> %s', (fields, want) => expect(isNoScriptCall(fields)).toBe(want));
});

describe('noScriptCallProblem', () => {
  it.each<[string, [string, string][]]>([
    [
      'a plain action',
      [
        [`$ACTION_ID_${ID}`, ''],
        ['email', 'a@b.co'],
      ],
    ],
    [
      'useActionState',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', descriptor],
        ['$ACTION_1:1', '[{"status":"idle"}]'],
        ['$ACTION_KEY', 'kf40fe1d8a459575453ea8f78145b6fbc'],
        ['email', 'a@b.co'],
      ],
    ],
    [
      'a state with a repeated object',
      [
        ['$ACTION_REF_3', ''],
        ['$ACTION_3:0', descriptor],
        [
          '$ACTION_3:1',
          '[{"status":"error","fieldErrors":{"email":[{"text":"Required"}],"password":["$1:0:fieldErrors:email:0"]},"values":{"email":"$$x","n":"$undefined"},"when":"$D1970-01-01T00:00:00.000Z"}]',
        ],
      ],
    ],
    [
      'an action bound to nothing',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', `{"id":"${ID}","bound":null}`],
      ],
    ],
    [
      // A button's own action rides along in hidden fields; its name is sent only when it is clicked.
      'the fields of a button that was not clicked',
      [
        [`$ACTION_ID_${ID}`, ''],
        ['$ACTION_2:0', descriptor],
        ['$ACTION_2:1', '["x"]'],
      ],
    ],
  ])('accepts %s', (_label, entries) => expect(noScriptCallProblem(form(entries))).toBeNull());

  it.each<[string, [string, string][]]>([
    ['only the state key', [['$ACTION_KEY', 'k1']]],
    ['a descriptor with no reference', [['$ACTION_1:0', descriptor]]],
    [
      'a reference with no descriptor',
      [
        ['$ACTION_REF_1', ''],
        ['email', 'a@b.co'],
      ],
    ],
    [
      'two descriptors',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', descriptor],
        ['$ACTION_1:0', descriptor],
      ],
    ],
    [
      'a descriptor that is not JSON',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', `{"id":"${ID}",`],
      ],
    ],
    [
      'a descriptor that is not an object',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', `["${ID}"]`],
      ],
    ],
    [
      'a descriptor with no id',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', '{"id":1,"bound":null}'],
      ],
    ],
    [
      'a descriptor with other keys',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', `{"id":"${ID}","bound":null,"x":1}`],
      ],
    ],
    [
      'bound arguments not there',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', descriptor],
      ],
    ],
    [
      'bound arguments by another kind of reference',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', `{"id":"${ID}","bound":"$Q1"}`],
        ['$ACTION_1:1', '[]'],
      ],
    ],
    [
      'bound arguments in the descriptor’s own place',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', `{"id":"${ID}","bound":"$@0"}`],
      ],
    ],
    [
      'bound arguments that are not JSON',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', descriptor],
        ['$ACTION_1:1', '[{"status":'],
      ],
    ],
    [
      'bound arguments that are not a list',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', descriptor],
        ['$ACTION_1:1', '{"status":"idle"}'],
      ],
    ],
    [
      'a bound argument that refers to nothing',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', descriptor],
        ['$ACTION_1:1', '["$1:x"]'],
      ],
    ],
    [
      'a bound argument that refers to another part',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', descriptor],
        ['$ACTION_1:1', '["$Q2"]'],
      ],
    ],
    [
      'more bound arguments than React binds',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', descriptor],
        ['$ACTION_1:1', `[${Array(1001).fill(1).join(',')}]`],
      ],
    ],
    [
      'three references',
      ['1', '2', '3'].flatMap((p): [string, string][] => [
        [`$ACTION_REF_${p}`, ''],
        [`$ACTION_${p}:0`, `{"id":"${ID}","bound":null}`],
      ]),
    ],
    [
      'a second reference that does not decode',
      [
        [`$ACTION_REF_1`, ''],
        ['$ACTION_1:0', `{"id":"${ID}","bound":null}`],
        ['$ACTION_REF_2', ''],
      ],
    ],
  ])('refuses %s', (_label, entries) =>
    expect(noScriptCallProblem(form(entries))).toEqual(expect.any(String)),
  );

  it('refuses a descriptor sent as a file', () => {
    const body = form([['$ACTION_REF_1', '']]);
    body.append('$ACTION_1:0', new Blob([`{"id":"${ID}","bound":null}`]));
    expect(noScriptCallProblem(body)).toEqual(expect.any(String));
  });
});
