/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FADE_IN_THRESHOLD } from '@/lib/creatorcash/constants';
import { COPY } from '@/lib/creatorcash/copy';
import { ApplicationSteps } from './application-steps';
import { FadeIn } from './fade-in';
import { Faq } from './faq';

const SUPPORT = 'help@creators.example';

describe('ApplicationSteps', () => {
  it('walks 1 → 2 → 3 → 4, moving focus to each new heading', () => {
    const copy = COPY.v2.creatorcash;
    render(<ApplicationSteps copy={copy} supportEmail={SUPPORT} />);
    expect(screen.getByRole('heading', { name: 'Connect YouTube' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Connect YouTube');

    fireEvent.click(screen.getByRole('button', { name: copy.step1.action }));
    expect(screen.getByRole('heading', { name: 'Submit Your Application' })).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: copy.step2.action }));
    expect(screen.getByRole('heading', { name: 'Application Received' })).toHaveFocus();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(
      'Application Received',
    );

    fireEvent.click(screen.getByRole('button', { name: new RegExp(copy.successMessage.action) }));
    expect(screen.getByRole('heading', { name: 'Something Went Wrong' })).toHaveFocus();
    const mail = screen.getByRole('link', { name: copy.failureMessage.mailTo.label });
    expect(mail).toHaveAttribute(
      'href',
      `mailto:${SUPPORT}?subject=${encodeURIComponent(copy.failureMessage.mailTo.subject)}`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByRole('heading', { name: 'Connect YouTube' })).toHaveFocus();
  });

  it('does not steal focus on first render', () => {
    render(<ApplicationSteps copy={COPY.v1.creatorcash} supportEmail={SUPPORT} />);
    expect(document.body).toHaveFocus();
  });
});

describe('Faq', () => {
  const items = COPY.v3.faq!.items;

  it('keeps one answer open at a time, and can close it', () => {
    render(<Faq items={items} />);
    const triggers = screen.getAllByRole('button');
    const expanded = () => triggers.map((t) => t.getAttribute('aria-expanded'));
    expect(expanded()).toEqual(items.map((_, i) => String(i === 0)));
    expect(screen.getByText(items[0]!.answer)).toBeVisible();
    expect(screen.getByText(items[1]!.answer)).not.toBeVisible();

    fireEvent.click(triggers[2]!);
    expect(expanded()).toEqual(items.map((_, i) => String(i === 2)));
    expect(screen.getByText(items[2]!.answer)).toBeVisible();
    expect(screen.getByText(items[0]!.answer)).not.toBeVisible();

    fireEvent.click(triggers[2]!);
    expect(expanded().every((e) => e === 'false')).toBe(true);
  });

  it('ties each question to its answer', () => {
    render(<Faq items={items} />);
    const first = screen.getAllByRole('button')[0]!;
    const panel = document.getElementById(first.getAttribute('aria-controls')!);
    expect(panel).toHaveAttribute('role', 'region');
    expect(panel).toHaveAttribute('aria-labelledby', first.id);
    expect(first.closest('h3')).not.toBeNull();
  });

  it('moves between questions with the arrow keys', () => {
    render(<Faq items={items} />);
    const triggers = screen.getAllByRole('button');
    triggers[0]!.focus();
    fireEvent.keyDown(triggers[0]!, { key: 'ArrowDown' });
    expect(triggers[1]).toHaveFocus();
    fireEvent.keyDown(triggers[1]!, { key: 'End' });
    expect(triggers[triggers.length - 1]).toHaveFocus();
  });
});

describe('FadeIn', () => {
  type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
  let callback: Callback | undefined;
  let options: IntersectionObserverInit | undefined;
  let disconnect: jest.Mock;
  let reduced = false;

  beforeEach(() => {
    callback = undefined;
    reduced = false;
    disconnect = jest.fn();
    window.IntersectionObserver = jest.fn((cb: Callback, opts?: IntersectionObserverInit) => {
      callback = cb;
      options = opts;
      return { observe: jest.fn(), disconnect, unobserve: jest.fn(), takeRecords: () => [] };
    }) as unknown as typeof IntersectionObserver;
    window.matchMedia = jest.fn(() => ({
      matches: reduced,
    })) as unknown as typeof window.matchMedia;
  });

  const entry = (ratio: number, height: number) => ({
    isIntersecting: ratio > 0,
    intersectionRatio: ratio,
    intersectionRect: { height } as DOMRectReadOnly,
    rootBounds: { height: 800 } as DOMRectReadOnly,
  });

  it('hides a section below the fold and shows it once 20% of it is visible', () => {
    render(<FadeIn>section</FadeIn>);
    const el = screen.getByText('section');
    expect(el).not.toHaveAttribute('data-fade');
    expect(options?.threshold).toContain(FADE_IN_THRESHOLD);

    act(() => callback!([entry(0, 0)]));
    expect(el).toHaveAttribute('data-fade', 'out');
    act(() => callback!([entry(0.1, 50)]));
    expect(el).toHaveAttribute('data-fade', 'out');
    act(() => callback!([entry(FADE_IN_THRESHOLD, 100)]));
    expect(el).toHaveAttribute('data-fade', 'in');
    expect(disconnect).toHaveBeenCalled();
  });

  it('shows a very tall section once it fills 20% of the screen', () => {
    render(<FadeIn>tall</FadeIn>);
    act(() => callback!([entry(0, 0)]));
    act(() => callback!([entry(0.05, 0.2 * 800)]));
    expect(screen.getByText('tall')).toHaveAttribute('data-fade', 'in');
  });

  it('leaves a section that is already on screen alone', () => {
    render(<FadeIn>hero</FadeIn>);
    act(() => callback!([entry(0.1, 80)]));
    expect(screen.getByText('hero')).not.toHaveAttribute('data-fade');
    expect(disconnect).toHaveBeenCalled();
  });

  it('does nothing when reduced motion is asked for', () => {
    reduced = true;
    render(<FadeIn>calm</FadeIn>);
    expect(screen.getByText('calm')).not.toHaveAttribute('data-fade');
    expect(window.IntersectionObserver).not.toHaveBeenCalled();
  });
});
