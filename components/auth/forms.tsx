'use client';
/* eslint-disable @typescript-eslint/no-require-imports -- each require runs on the server only, where the form renders at once; the browser loads it on first reach (components/forms/interactive.tsx) */

import type { ComponentProps } from 'react';
import { interactive } from '@/components/forms/interactive';
import type * as Forgot from './forgot-password-form';
import type * as Login from './login-form';
import type * as Register from './register-form';

/** The sign-in pages' forms, on react-hook-form, loaded when a person first reaches for the page. */
export const LoginForm = interactive<ComponentProps<typeof Login.LoginForm>>(
  typeof window === 'undefined' ? (require('./login-form') as typeof Login).LoginForm : undefined,
  () => import('./login-form').then((m) => m.LoginForm),
);

export const RegisterForm = interactive<ComponentProps<typeof Register.RegisterForm>>(
  typeof window === 'undefined'
    ? (require('./register-form') as typeof Register).RegisterForm
    : undefined,
  () => import('./register-form').then((m) => m.RegisterForm),
);

export const ForgotPasswordForm = interactive<ComponentProps<typeof Forgot.ForgotPasswordForm>>(
  typeof window === 'undefined'
    ? (require('./forgot-password-form') as typeof Forgot).ForgotPasswordForm
    : undefined,
  () => import('./forgot-password-form').then((m) => m.ForgotPasswordForm),
);
