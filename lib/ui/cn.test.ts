import { cn } from './cn';

describe('cn', () => {
  it("lets the caller's classes replace the primitive's where they conflict", () => {
    expect(cn('min-h-11 px-4 py-2 text-sm', 'min-h-6 px-1 py-0')).toBe('text-sm min-h-6 px-1 py-0');
    expect(cn('border-surface-border bg-white', 'bg-brand-50')).toBe(
      'border-surface-border bg-brand-50',
    );
  });
  it('drops falsy parts and keeps conditional ones', () => {
    expect(cn('px-3', false && 'pr-12', undefined, { 'border-danger': true })).toBe(
      'px-3 border-danger',
    );
    expect(cn('px-3', 'pr-12')).toBe('px-3 pr-12');
  });
});
