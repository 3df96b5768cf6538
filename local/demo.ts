/** The demo creator both local services provision at first start (docs/architecture.md §4). */
export const DEMO_CREATOR = {
  email: 'demo@creator.test',
  password: 'Demo!2345',
  name: 'Demo Creator',
  channelId: 'cm-demo-0001',
} as const;

/**
 * A creator the creator system knows with no account in the pool: "Continue with Google" with
 * this email (any name) makes and links one, as a creator's first Google sign-in does.
 */
export const GOOGLE_DEMO_CREATOR = {
  email: 'google.demo@creator.test',
  channelId: 'cm-demo-0002',
} as const;
