'use client';

import { lazy, type ComponentType } from 'react';
import { loaders } from './dialog-loaders';

// Each body's code is its own chunk, fetched as a person reaches for its card's button
// (dialog-loaders.ts, decision 063), or here when its dialog first opens.
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
export const ForgetDevice = body(loaders.forget, 'ForgetDevice');
