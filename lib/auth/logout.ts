'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { withSession } from '@/lib/actions';
import { signOut } from './sign-out';

/** Logout: signs out here, the revocation running on, and goes where signOut says. */
export const logoutAction = withSession(async (session): Promise<void> => {
  redirect(await signOut(session, (await headers()).get('host')));
});
