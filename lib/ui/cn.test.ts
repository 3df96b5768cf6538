import { cn } from './cn';

describe('cn', () => {
  it('joins the parts as given and merges nothing (decision 059)', () => {
    // A caller's class does not replace a component's: the component offers a prop instead.
    expect(cn('min-h-11 px-4', 'px-1')).toBe('min-h-11 px-4 px-1');
  });
  it('drops falsy parts and keeps conditional ones', () => {
    expect(cn('px-3', false && 'pr-12', undefined, { 'border-danger': true })).toBe(
      'px-3 border-danger',
    );
    expect(cn('px-3', 'pr-12')).toBe('px-3 pr-12');
  });
});
