import { renderToString } from 'react-dom/server';
import { Button } from './button';

// With class names joined, not merged (decision 059), each look is one class per property.
const ONE_EACH = [/^min-h-/, /^px-/, /^py-/, /^gap-/, /^rounded/, /^text-(xs|sm|base)$/, /^bg-/];

describe('Button', () => {
  for (const variant of ['primary', 'secondary', 'ghost', 'danger'] as const)
    for (const size of ['default', 'inline'] as const)
      it(`${variant}, ${size}: one class for each property it sets`, () => {
        const html = renderToString(
          <Button variant={variant} size={size}>
            Go
          </Button>,
        );
        const classes = /class="([^"]*)"/.exec(html)![1]!.split(' ');
        for (const property of ONE_EACH)
          expect(classes.filter((c) => property.test(c)).length).toBeLessThanOrEqual(1);
      });

  it('inline sits in a line of text; default is a full-size target', () => {
    const inline = renderToString(<Button size="inline">Resend Code</Button>);
    expect(inline).toMatch(/min-h-6 px-1 py-0/);
    expect(inline).not.toMatch(/min-h-11|px-4|py-2/);
    expect(renderToString(<Button>Sign In</Button>)).toMatch(/min-h-11 px-4 py-2/);
  });
});
