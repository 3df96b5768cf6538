import type { Metadata } from 'next';

// Each sign-in page's title and description, shared by the page rendered per request and its
// prerendered twin (lib/prerendered-pages.ts).
export const LOGIN_METADATA: Metadata = {
  title: 'Sign in',
  description: 'Sign in to your Creator Dashboard.',
};
export const REGISTER_METADATA: Metadata = {
  title: 'Create your account',
  description: 'Activate your Creator Dashboard account.',
};
export const FORGOT_PASSWORD_METADATA: Metadata = { title: 'Reset your password' };
