/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useActionForm } from '@/components/forms/use-action-form';
import type { ActionState } from '@/lib/actions/state';
import { signInSchema } from '@/lib/validation/schemas';
import { router } from '@/test/form-render';
import { Field } from './field';
import { PasswordField } from './password-field';

type F = 'email' | 'password';
type Action = (prev: ActionState<F>, formData: FormData) => Promise<ActionState<F>>;

function SignIn({ action }: { action: Action }) {
  const { formAction, onSubmit, errorsFor, register } = useActionForm({
    schema: async () => signInSchema,
    action,
    defaultValues: { email: '', password: '' },
  });
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate>
      <Field label="Email" errors={errorsFor('email')} {...register('email')} />
      <PasswordField label="Password" errors={errorsFor('password')} {...register('password')} />
      <button type="submit">Sign In</button>
    </form>
  );
}

/**
 * The sign-in form as the server wrote it, with `typed` in its password box while no script ran,
 * and what hydrates it and takes it away again.
 */
function typedBeforeScripts(action: Action, typed: string) {
  const ui = (
    <AppRouterContext.Provider value={router}>
      <SignIn action={action} />
    </AppRouterContext.Provider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  const password = container.querySelector<HTMLInputElement>('input[name="password"]')!;
  password.value = typed;
  let root: Root | undefined;
  return {
    container,
    password,
    hydrate: () =>
      act(async () => {
        root = hydrateRoot(container, ui);
      }),
    remove: () => {
      act(() => root!.unmount());
      container.remove();
    },
  };
}

describe('PasswordField', () => {
  it('takes the spaces out of what was typed before the scripts ran, and sends it so', async () => {
    const sent: string[] = [];
    const action: Action = jest.fn(async (_prev, data) => {
      sent.push(String(data.get('password')));
      return { status: 'idle' } as ActionState<F>;
    });
    // Typed while nothing ran: nothing stopped the spaces.
    const { container, password, hydrate, remove } = typedBeforeScripts(action, 'Sunny Day 42!');
    container.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'early@example.com';
    await hydrate();
    expect(password.value).toBe('SunnyDay42!');
    // The form holds the same: it checks and sends it.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
    await waitFor(() => expect(sent).toEqual(['SunnyDay42!']));
    // Typing goes on under the field's rule.
    await act(async () => fireEvent.change(password, { target: { value: 'Sunny Day' } }));
    expect(password.value).toBe('SunnyDay');
    remove();
  });

  it('leaves a value without spaces as it is', async () => {
    const action: Action = jest.fn(async () => ({ status: 'idle' }) as ActionState<F>);
    const { container, password, hydrate, remove } = typedBeforeScripts(action, 'Sunny!Day42');
    const changed = jest.fn();
    container.addEventListener('input', changed);
    await hydrate();
    expect(password.value).toBe('Sunny!Day42');
    expect(changed).not.toHaveBeenCalled();
    remove();
  });
});
