/**
 * Every cookie the product sets, one record each: its name, what it is for, what it holds, how
 * long the browser keeps it and whether it is sealed. All are HttpOnly, SameSite=Lax, path `/`,
 * Secure and `__Host-` prefixed in production (`cookieOptions`). A sealed cookie's shape and its
 * seal's own lifetime are `SEALED` in seal.ts, under the same key; a new cookie is a record here
 * (and, sealed, a shape there). docs/architecture.md §3.1 walks through them.
 */
export const COOKIES = {
  session: {
    name: 'cd_session',
    purpose: 'the signed-in session: access token, claims, when it started and was last seen',
    holds: 'SessionData',
    keptFor: "until the session's absolute limit (SESSION_MAX_AGE from its start)",
    sealed: true,
  },
  refresh: {
    name: 'cd_refresh',
    purpose: 'the refresh token, apart from the session (only the guard and renewals read it)',
    holds: 'RefreshData',
    keptFor: 'as the session',
    sealed: true,
  },
  signedOut: {
    name: 'cd_signed_out',
    purpose: 'when this browser signed out: a copied session cookie older than it is refused',
    holds: 'seconds since the epoch',
    keptFor: 'SESSION_MAX_AGE',
    sealed: false,
  },
  ended: {
    name: 'cd_ended',
    purpose: 'why the last session ended, for /login to say once',
    holds: 'a reason (expired, idle, device-forgotten…)',
    keptFor: '10 minutes',
    sealed: false,
  },
  pending: {
    name: 'cd_pending',
    purpose: 'the email of a sign-up waiting for its code (/verify-email)',
    holds: 'PendingData',
    keptFor: "24 hours, a sign-up code's lifetime",
    sealed: true,
  },
  reset: {
    name: 'cd_reset',
    purpose: 'the address a reset code was asked for in this browser (decision 031)',
    holds: 'ResetData',
    keptFor: "1 hour, a reset code's lifetime",
    sealed: true,
  },
  challenge: {
    name: 'cd_challenge',
    purpose: 'a sign-in waiting at a challenge (two-step, new password, passkey, emailed code)',
    holds: 'ChallengeData',
    keptFor: "3 minutes, Cognito's challenge session",
    sealed: true,
  },
  proof: {
    name: 'cd_proof',
    purpose: 'a password proof in the profile waiting for its two-step code',
    holds: 'ProofData',
    keptFor: '3 minutes',
    sealed: true,
  },
  emailChange: {
    name: 'cd_email_change',
    purpose: 'a new email waiting for its code (the session cookie has no room for it)',
    holds: 'EmailChangeData',
    keptFor: 'the rest of the session',
    sealed: true,
  },
  oauth: {
    name: 'cd_oauth',
    purpose: 'Google sign-ins under way: state and PKCE verifier of each (decision 048)',
    holds: 'OAuthFlowsData',
    keptFor: '10 minutes',
    sealed: true,
  },
  device: {
    name: 'cd_device',
    purpose:
      "this browser's Cognito device of each account signed in here (up to 4, newest first): key, group and secret (decision 016)",
    holds: 'DeviceData',
    keptFor: '365 days',
    sealed: true,
  },
  deviceDue: {
    name: 'cd_device_due',
    purpose: "a new device waiting for its share of Cognito's quota (decision 054)",
    holds: 'DeviceDueData',
    keptFor: 'the rest of the session',
    sealed: true,
  },
  channelDue: {
    name: 'cd_channel_due',
    purpose: "a channel binding waiting for its share of Cognito's quota (decision 055)",
    holds: 'ChannelDueData',
    keptFor: 'the rest of the session',
    sealed: true,
  },
  remembered: {
    name: 'cd_remembered',
    purpose: 'the address this browser last signed in with: the form starts from it (decision 047)',
    holds: 'RememberedData',
    keptFor: '90 days',
    sealed: true,
  },
  returnTo: {
    name: 'cd_return',
    purpose: 'the page a signed-out visit asked for, used once by the next sign-in',
    holds: 'a path on this site',
    keptFor: '30 minutes',
    sealed: false,
  },
} as const satisfies Record<
  string,
  { name: string; purpose: string; holds: string; keptFor: string; sealed: boolean }
>;

export type CookieKind = keyof typeof COOKIES;

/** Each cookie's name: `__Host-`-prefixed in production, where every cookie is Secure. */
export function cookieNames(env: { mode: string }): { [K in CookieKind]: string } {
  const prefix = env.mode === 'production' ? '__Host-' : '';
  return Object.fromEntries(
    Object.entries(COOKIES).map(([kind, c]) => [kind, `${prefix}${c.name}`]),
  ) as { [K in CookieKind]: string };
}
