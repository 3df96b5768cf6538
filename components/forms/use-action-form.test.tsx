/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { OtpInput } from '@/components/ui/otp-input';
import type { ActionState } from '@/lib/actions/state';
import { APP_MSG } from '@/lib/messages';
import { MSG } from '@/lib/messages/fields';
import { verifyEmailChangeSchema } from '@/lib/validation/schemas';
import { click, codeBoxes, renderWithRouter, router } from '@/test/form-render';
import { useActionForm, type SchemaLoader } from './use-action-form';

type F = 'email' | 'code';
type Action = (prev: ActionState<F>, formData: FormData) => Promise<ActionState<F>>;

/** A form as the app writes one: an email field and the six code boxes. */
function Harness({
  action,
  initial,
  resilient,
  onSuccess,
  schema = async () => verifyEmailChangeSchema,
}: {
  action: Action;
  initial?: ActionState<F>;
  resilient?: boolean;
  onSuccess?: (state: ActionState<F>) => void;
  schema?: SchemaLoader;
}) {
  const { state, pending, formAction, onSubmit, errorsFor, register, code, clearCode } =
    useActionForm({
      schema,
      action,
      defaultValues: { email: '', code: [] as string[] },
      initial,
      resilient,
      onSuccess,
    });
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate>
      <FormMessage message={state.message} />
      <Field label="Email" errors={errorsFor('email')} {...register('email')} />
      <OtpInput label="Verification code" {...code('code')} />
      <button type="submit" disabled={pending}>
        Save
      </button>
      <button type="button" onClick={() => clearCode('code')}>
        Clear
      </button>
    </form>
  );
}

function setup(props: Parameters<typeof Harness>[0]) {
  renderWithRouter(<Harness {...props} />);
  const email = screen.getByLabelText('Email') as HTMLInputElement;
  const { box, type } = codeBoxes();
  // Async act: after a submit, the form checks a changed field again asynchronously.
  const change = (input: HTMLInputElement, value: string) =>
    act(async () => fireEvent.change(input, { target: { value } }));
  const submit = () => click('Save');
  return { email, box, type, change, submit };
}

const answer = (state: ActionState<F>): Action => jest.fn(async () => state);

beforeEach(() => {
  jest.clearAllMocks();
});

describe('useActionForm', () => {
  it('loads the schema when a person reaches a field, not with the page', async () => {
    const schema = jest.fn(async () => verifyEmailChangeSchema);
    const { email } = setup({ action: answer({ status: 'success' }), schema });
    expect(schema).not.toHaveBeenCalled();
    await act(async () => email.focus());
    expect(schema).toHaveBeenCalled();
    await act(async () => email.blur());
    expect(screen.queryByText(MSG.emailEmpty)).not.toBeInTheDocument();
  });

  it('says nothing for a field passed through untouched; checks one left after a change, and clears it once fixed', async () => {
    const { email, change } = setup({ action: answer({ status: 'success' }) });
    await act(async () => email.focus());
    await act(async () => email.blur());
    expect(screen.queryByText(MSG.emailEmpty)).not.toBeInTheDocument();
    await change(email, '1abc@site');
    expect(screen.queryByText(MSG.emailInvalid)).not.toBeInTheDocument();
    await act(async () => email.focus());
    await act(async () => email.blur());
    expect(await screen.findByText(MSG.emailInvalid)).toBeInTheDocument();
    await change(email, 'fixed@creator.test');
    await waitFor(() => expect(screen.queryByText(MSG.emailInvalid)).not.toBeInTheDocument());
  });

  it('a schema that cannot load lets the form through to the action, and the next check tries again', async () => {
    const action = answer({
      status: 'error',
      fieldErrors: { email: [{ text: MSG.emailEmpty }] },
    });
    const schema = jest
      .fn<ReturnType<SchemaLoader>, []>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(verifyEmailChangeSchema);
    const { submit } = setup({ action, schema });
    await submit();
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(MSG.emailEmpty)).toBeInTheDocument();
    await submit();
    expect(await screen.findByText(MSG.codeEnter)).toBeInTheDocument();
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('checks every field in the browser with the schema and sends nothing while one is wrong', async () => {
    const action = answer({ status: 'success' });
    const { email, submit } = setup({ action });
    await submit();
    expect(await screen.findByText(MSG.emailEmpty)).toBeInTheDocument();
    expect(screen.getByText(MSG.codeEnter)).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(MSG.emailEmpty);
    expect(action).not.toHaveBeenCalled();
  });

  it('checks what is sent: a value filled in without a change event (autofill) counts', async () => {
    const action = answer({ status: 'success' });
    const { email, type, submit } = setup({ action });
    await type('123456');
    // A password manager writes the field without telling the page.
    email.value = 'filled@example.com';
    await submit();
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(MSG.emailEmpty)).not.toBeInTheDocument();
    const sent = (action as jest.Mock).mock.calls[0][1] as FormData;
    expect(sent.get('email')).toBe('filled@example.com');
  });

  it('after a submit, the code boxes are checked again as they change, and Clear empties them', async () => {
    const { type, box, submit } = setup({ action: answer({ status: 'success' }) });
    await submit();
    expect(await screen.findByText(MSG.codeEnter)).toBeInTheDocument();
    await type('12');
    expect(await screen.findByText(MSG.codeLength)).toBeInTheDocument();
    expect(box(2)).toHaveValue('2');
    await type('123456');
    await waitFor(() => expect(screen.queryByText(MSG.codeLength)).not.toBeInTheDocument());
    await click('Clear');
    for (let i = 1; i <= 6; i++) expect(box(i)).toHaveValue('');
    expect(screen.queryByText(MSG.codeEnter)).not.toBeInTheDocument();
  });

  it('posts the form to the action, shows its message and field errors, and a change hides that field’s error', async () => {
    const action = answer({
      status: 'error',
      message: { text: 'Too many attempts. Please try again in 5 minutes.' },
      fieldErrors: {
        email: [{ text: 'This email is already in use.' }],
        code: [{ text: 'Code entered does not match what was emailed. Try again.' }],
      },
    });
    const { email, type, change, submit } = setup({ action });
    await change(email, 'new@example.com');
    await type('123456');
    await submit();

    expect(
      await screen.findByText('Too many attempts. Please try again in 5 minutes.'),
    ).toBeInTheDocument();
    expect(action).toHaveBeenCalledTimes(1);
    const formData = (action as jest.Mock).mock.calls[0][1] as FormData;
    expect(formData.get('email')).toBe('new@example.com');
    expect(formData.getAll('code')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(email).toHaveAccessibleDescription('This email is already in use.');
    expect(
      screen.getByText('Code entered does not match what was emailed. Try again.'),
    ).toBeInTheDocument();

    await change(email, 'other@example.com');
    expect(screen.queryByText('This email is already in use.')).not.toBeInTheDocument();
    // The other field's error stays until that field changes.
    expect(
      screen.getByText('Code entered does not match what was emailed. Try again.'),
    ).toBeInTheDocument();
    await type('6');
    expect(
      screen.queryByText('Code entered does not match what was emailed. Try again.'),
    ).not.toBeInTheDocument();
  });

  it('refills the fields with the values an answer echoes', () => {
    const { email } = setup({
      action: answer({ status: 'idle' }),
      initial: { status: 'error', values: { email: 'kept@example.com' } },
    });
    expect(email).toHaveValue('kept@example.com');
  });

  it("puts the echoed values in the server's HTML, for a form answered before its scripts ran", () => {
    const html = renderToString(
      <AppRouterContext.Provider value={router}>
        <Harness
          action={answer({ status: 'idle' })}
          initial={{ status: 'error', values: { email: 'kept@example.com' } }}
        />
      </AppRouterContext.Provider>,
    );
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="kept@example.com"/);
    // Nothing echoed: no value written.
    const empty = renderToString(
      <AppRouterContext.Provider value={router}>
        <Harness action={answer({ status: 'idle' })} />
      </AppRouterContext.Provider>,
    );
    expect(empty).not.toMatch(/<input[^>]*name="email"[^>]*value=/);
  });

  it('keeps what was typed before the scripts ran: the code goes on in the next box, and survives a re-render', async () => {
    const ui = (
      <AppRouterContext.Provider value={router}>
        <Harness action={answer({ status: 'idle' })} />
      </AppRouterContext.Provider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    // The first box takes a whole code (autofill); the typing went there while nothing ran.
    const first = container.querySelector<HTMLInputElement>('[aria-label="Digit 1 of 6"]')!;
    const email = container.querySelector<HTMLInputElement>('input[name="email"]')!;
    email.value = 'early@example.com';
    first.value = '1530';
    first.focus();
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, ui);
    });
    const { box } = codeBoxes();
    expect([1, 2, 3, 4, 5, 6].map((i) => box(i).value)).toEqual(['1', '5', '3', '0', '', '']);
    expect(box(5)).toHaveFocus();
    // A change elsewhere re-renders the form: the digits stay.
    await act(async () => fireEvent.change(email, { target: { value: 'early@example.org' } }));
    expect([1, 2, 3, 4].map((i) => box(i).value).join('')).toBe('1530');
    act(() => root!.unmount());
    container.remove();
  });

  it('runs onSuccess once with the successful answer', async () => {
    const onSuccess = jest.fn();
    const success: ActionState<F> = { status: 'success', data: { email: 'new@example.com' } };
    const { email, type, change, submit } = setup({ action: answer(success), onSuccess });
    await change(email, 'new@example.com');
    await type('123456');
    await submit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onSuccess).toHaveBeenCalledWith(success);
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('sends the person to /login when the session had ended', async () => {
    const { email, type, change, submit } = setup({
      action: answer({ status: 'error', unauthenticated: true }),
    });
    await change(email, 'new@example.com');
    await type('123456');
    await submit();
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/login'));
  });

  describe('resilient', () => {
    const failing: Action = async () => {
      throw new TypeError('Failed to fetch');
    };
    const online = Object.getOwnPropertyDescriptor(window.navigator, 'onLine');

    afterEach(() => {
      if (online) Object.defineProperty(window.navigator, 'onLine', online);
      else delete (window.navigator as { onLine?: boolean }).onLine;
    });

    async function submitValid(props: Parameters<typeof Harness>[0]) {
      const { email, type, change, submit } = setup(props);
      await change(email, 'new@example.com');
      await type('123456');
      await submit();
    }

    it('a call that fails answers the system error and asks for a refresh', async () => {
      await submitValid({ action: failing, resilient: true });
      expect(await screen.findByText(APP_MSG.systemError)).toBeInTheDocument();
      expect(router.refresh).toHaveBeenCalledTimes(1);
    });

    it('offline, it says the connection failed and does not refresh', async () => {
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
      await submitValid({ action: failing, resilient: true });
      expect(await screen.findByText(APP_MSG.connectionFailed)).toBeInTheDocument();
      expect(router.refresh).not.toHaveBeenCalled();
    });
  });
});
