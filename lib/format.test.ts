import { formatPhone, formattedName, initials } from './format';

describe('formattedName', () => {
  it.each([
    ['jane doe', 'x@y.co', 'Jane Doe'],
    ['  JANE   DOE ', 'x@y.co', 'Jane Doe'],
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
