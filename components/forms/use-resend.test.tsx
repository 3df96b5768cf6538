/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button } from '@/components/ui/button';
import { ResendButton } from '@/components/ui/resend-button';
import type { ActionState } from '@/lib/actions/state';
import { APP_MSG } from '@/lib/messages';
import { click, codeBoxes, renderWithRouter, router } from '@/test/form-render';
import { CodeForm } from './code-form';
import { RESEND_WAIT_SECONDS } from './use-resend';

type Action = (prev: ActionState<'code'>, formData: FormData) => Promise<ActionState<'code'>>;

const WRONG = 'Code entered does not match what was emailed. Try again.';
const SENT = 'We sent a new code to creator@example.com.';

/** useResend as the code forms use it, through CodeForm. */
function setup({
  action = jest.fn(async (): Promise<ActionState<'code'>> => ({
    status: 'error',
    fieldErrors: { code: [{ text: WRONG }] },
  })),
  resend = jest.fn(async (): Promise<ActionState> => ({
    status: 'success',
    message: { text: SENT },
  })),
  sendOnOpen,
  resilient,
}: {
  action?: Action;
  resend?: () => Promise<ActionState>;
  sendOnOpen?: boolean;
  resilient?: boolean;
}) {
  renderWithRouter(
    <CodeForm
      action={action}
      resend={resend}
      sendOnOpen={sendOnOpen}
      resilient={resilient}
      submitLabel="Verify"
    >
      {({ resend: again, sending }) => (
        <Button type="button" variant="ghost" onClick={again} pending={sending}>
          Resend Code
        </Button>
      )}
    </CodeForm>,
  );
  const { box, type } = codeBoxes();
  return { action, resend, box, type, click };
}

beforeEach(() => {
  jest.clearAllMocks();
});

describe('useResend (in CodeForm)', () => {
  it('says a new code was sent, empties the boxes, and the next try’s answer replaces the note', async () => {
    const { resend, box, type, click } = setup({});
    await type('123456');
    await click('Verify');
    expect(await screen.findByText(WRONG)).toBeInTheDocument();

    await click('Resend Code');
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(resend).toHaveBeenCalledTimes(1);
    for (let i = 1; i <= 6; i++) expect(box(i)).toHaveValue('');
    expect(screen.queryByText(WRONG)).not.toBeInTheDocument();

    await type('654321');
    await click('Verify');
    await waitFor(() => expect(screen.queryByText(SENT)).not.toBeInTheDocument());
    expect(screen.getByText(WRONG)).toBeInTheDocument();
  });

  it('the form message’s own Resend Code resends too', async () => {
    const action: Action = jest.fn(async () => ({
      status: 'error' as const,
      message: {
        text: 'Verification code expired. Resend Code.',
        link: { label: 'Resend Code', action: 'resend' as const },
      },
    }));
    const { resend, type, click } = setup({ action });
    await type('123456');
    await click('Verify');
    const alert = await screen.findByRole('alert');
    await act(async () =>
      fireEvent.click(within(alert).getByRole('button', { name: 'Resend Code' })),
    );
    expect(resend).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(SENT)).toBeInTheDocument();
  });

  it('sends once as the form opens when asked to', async () => {
    const { resend } = setup({ sendOnOpen: true });
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(resend).toHaveBeenCalledTimes(1);
  });

  it('an ended session goes to /login', async () => {
    const { click } = setup({ resend: async () => ({ status: 'error', unauthenticated: true }) });
    await click('Resend Code');
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/login'));
  });

  it('resilient: a resend that fails outright says so instead of breaking the page', async () => {
    const { click } = setup({
      resilient: true,
      resend: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await click('Resend Code');
    expect(await screen.findByText(APP_MSG.systemError)).toBeInTheDocument();
    expect(router.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('the resend countdown (ResendButton in CodeForm)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function withCountdown(resend: () => Promise<ActionState>) {
    renderWithRouter(
      <CodeForm action={jest.fn()} resend={resend} submitLabel="Verify">
        {({ resend: again, sending, wait }) => (
          <ResendButton onResend={again} pending={sending} wait={wait} />
        )}
      </CodeForm>,
    );
    return screen.getByRole('button', { name: 'Resend Code' });
  }
  const pass = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

  it('waits 30 s after the code the step opened with, saying how long, then takes a request', async () => {
    const resend = jest.fn(async (): Promise<ActionState> => ({ status: 'success' }));
    const button = withCountdown(resend);
    await pass(200);
    expect(button).toBeDisabled();
    expect(screen.getByText(`in ${RESEND_WAIT_SECONDS} s`)).toBeInTheDocument();
    await pass(20_000);
    expect(screen.getByText('in 10 s')).toBeInTheDocument();
    await pass(10_000);
    expect(button).toBeEnabled();
    expect(screen.queryByText(/^in \d+ s$/)).not.toBeInTheDocument();

    // Each code sent starts the count again.
    await act(async () => fireEvent.click(button));
    expect(resend).toHaveBeenCalledTimes(1);
    await pass(200);
    expect(button).toBeDisabled();
    expect(screen.getByText('in 30 s')).toBeInTheDocument();
  });

  it('a resend refused (a limit) starts no count: the message says when instead', async () => {
    const resend = jest.fn(async (): Promise<ActionState> => ({
      status: 'error',
      message: { text: 'later' },
    }));
    const button = withCountdown(resend);
    await pass(RESEND_WAIT_SECONDS * 1000 + 200);
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText('later')).toBeInTheDocument();
    await pass(400);
    expect(button).toBeEnabled();
  });
});

describe('one Resend control at a time (an expired code)', () => {
  const EXPIRED = {
    text: 'Verification code expired. Resend Code.',
    link: { label: 'Resend Code', action: 'resend' as const },
  };

  it("the message's own link is the one control, live at once: the form's button gives way to it", async () => {
    const action = jest.fn(async (): Promise<ActionState<'code'>> => ({
      status: 'error',
      message: EXPIRED,
    }));
    const resend = jest.fn(async (): Promise<ActionState> => ({ status: 'success' }));
    renderWithRouter(
      <CodeForm action={action} resend={resend} submitLabel="Verify">
        {({ resend: again, sending, wait, inMessage }) => (
          <ResendButton onResend={again} pending={sending} wait={wait} inMessage={inMessage} />
        )}
      </CodeForm>,
    );
    const { type } = codeBoxes();
    await type('123456');
    await click('Verify');
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED.text);
    const controls = screen.getAllByRole('button', { name: 'Resend Code' });
    expect(controls).toHaveLength(1);
    expect(within(screen.getByRole('alert')).getByRole('button')).toBe(controls[0]);
    await act(async () => fireEvent.click(controls[0]!));
    expect(resend).toHaveBeenCalledTimes(1);
  });
});
