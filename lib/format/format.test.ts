import { formatPhone, formattedName, initials, phoneInputValue, plainName } from './';

describe('formattedName', () => {
  it.each([
    ['jane doe', 'x@y.co', 'Jane Doe'],
    ['  JANE   DOE ', 'x@y.co', 'JANE DOE'],
    ["o'Brien", 'x@y.co', "O'Brien"],
    ["walter o'skinner", 'x@y.co', "Walter O'skinner"],
    ['McDonald', 'x@y.co', 'McDonald'],
    ['mrBeast', 'x@y.co', 'MrBeast'],
    ['mary-jane watson', 'x@y.co', 'Mary-Jane Watson'],
    [undefined, 'jane.doe@creator.test', 'Jane.doe'],
    ['', 'sam@creator.test', 'Sam'],
    ['   ', 'sam@creator.test', 'Sam'],
    ['élodie', 'x@y.co', 'Élodie'],
  ])('%p with %p -> %p', (name, email, expected) => {
    expect(formattedName(name, email)).toBe(expected);
  });
});

describe('initials', () => {
  it.each([
    ['Jane Doe', 'x@y.co', 'JD'],
    ['jane', 'x@y.co', 'J'],
    ['Jean Claude Van Damme', 'x@y.co', 'JD'],
    [undefined, 'jane.doe@creator.test', 'JD'],
    [undefined, 'sam@creator.test', 'S'],
    ['élodie roux', 'x@y.co', 'ÉR'],
    ["Maya O'Brien-López", 'x@y.co', 'MO'],
    ['Anne-Marie Dupont', 'x@y.co', 'AD'],
    [undefined, 'anne-marie@creator.test', 'AM'],
    [undefined, '@nothing', '?'],
  ])('%p with %p -> %p', (name, email, expected) => {
    expect(initials(name, email)).toBe(expected);
  });
});

describe('formatPhone', () => {
  it.each([
    ['+15551234567', '+1 (555) 123-4567'],
    ['15551234567', '+1 (555) 123-4567'],
    ['+4420123456', '+4420123456'],
    [undefined, ''],
    ['', ''],
  ])('%p -> %p', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('phoneInputValue', () => {
  it.each([
    ['', '+1'],
    ['+', '+1'],
    ['+1', '+1'],
    ['+15', '+1 (5'],
    ['+1 (555', '+1 (555'],
    ['+1 (5551', '+1 (555) 1'],
    ['+1 (555) 123', '+1 (555) 123'],
    ['+1 (555) 1234', '+1 (555) 123-4'],
    ['+1 (555) 123-45678', '+1 (555) 123-4567'],
    ['5551234567', '+1 (555) 123-4567'],
    ['15551234567', '+1 (555) 123-4567'],
    ['+1 555.123.4567', '+1 (555) 123-4567'],
    ['+1 (555) ', '+1 (555'],
    ['abc', '+1'],
  ])('%p -> %p', (input, expected) => {
    expect(phoneInputValue(input)).toBe(expected);
  });

  it('round-trips with formatPhone for a full number', () => {
    expect(phoneInputValue('+15551234567')).toBe(formatPhone('+15551234567'));
  });
});

describe('plainName: nothing that reorders or hides text', () => {
  it.each([
    ['right-to-left override', 'My \u202Egpj.exe', 'My gpj.exe'],
    ['isolates and embeddings', '\u2066Work\u2069 \u202BPhone\u202C', 'Work Phone'],
    ['zero-width space and joiner between letters', 'i\u200BPhone\u200D', 'iPhone'],
    ['word joiner, BOM, soft hyphen', '\uFEFFMac\u2060Book\u00AD', 'MacBook'],
    ['line and paragraph separators', 'Work\u2028laptop\u2029', 'Work laptop'],
    ['controls', 'Key\u0000\u0007 1', 'Key 1'],
    ['runs of spaces', '  Pixel   8  ', 'Pixel 8'],
  ])('%s', (_, input, output) => expect(plainName(input)).toBe(output));

  it('keeps what people write: accents, scripts, emoji sequences', () => {
    for (const name of ['Téléphone de Zoé', 'هاتف العمل', '工作电脑', 'Maya’s 👩‍💻', '👨‍👩‍👧 iPad'])
      expect(plainName(name)).toBe(name);
  });
});
