'use server';

import * as signout from '@/lib/auth/sign-out';
import * as verify from '@/lib/profile/verify-email';

export const logoutAction = signout.logoutAction;
export const sendEmailCodeAction = verify.sendEmailCodeAction;
export const verifyEmailAttributeAction = verify.verifyEmailAttributeAction;
