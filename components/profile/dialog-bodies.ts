'use client';

import { lazy, type ComponentType } from 'react';
import { firstReach } from '@/components/ui/first-reach';

/**
 * What the profile's dialogs hold, off the page's first load (decision 061): each body's code is
 * fetched when a person first reaches for the page, so an Edit opens at once, and meanwhile the
 * page has only its cards to hydrate.
 */
const loaders = {
  name: () => import('./name-form'),
  password: () => import('./password-form'),
  email: () => import('./email-flow'),
  phone: () => import('./phone-flow'),
  twoStep: () => import('./two-step'),
  deletion: () => import('./delete-account'),
  recovery: () => import('./recovery-codes'),
  codes: () => import('./code-methods'),
  passkeys: () => import('./passkeys'),
};

if (typeof window !== 'undefined')
  void firstReach().then(() => {
    for (const load of Object.values(loaders)) load().catch(() => undefined);
  });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the body's own props come back through M[K]
type AnyComponent = ComponentType<any>;
function body<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as AnyComponent })) as M[K];
}

export const NameForm = body(loaders.name, 'NameForm');
export const PasswordForm = body(loaders.password, 'PasswordForm');
export const EmailFlow = body(loaders.email, 'EmailFlow');
export const PhoneFlow = body(loaders.phone, 'PhoneFlow');
export const AuthenticatorSetup = body(loaders.twoStep, 'AuthenticatorSetup');
export const AuthenticatorTurnOff = body(loaders.twoStep, 'AuthenticatorTurnOff');
export const DeleteAccount = body(loaders.deletion, 'DeleteAccount');
export const NewRecoveryCodes = body(loaders.recovery, 'NewRecoveryCodes');
export const CodeMethods = body(loaders.codes, 'CodeMethods');
export const Passkeys = body(loaders.passkeys, 'Passkeys');
