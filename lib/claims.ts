import { z } from 'zod';

/**
 * The id-token claims the UI needs (docs/architecture.md §3); everything else stays with Cognito.
 * One definition: the type the adapter returns and the schema a sealed session is checked against.
 */
export const userClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(1),
  emailVerified: z.boolean(),
  name: z.string().optional(),
  phoneNumber: z.string().optional(),
  phoneNumberVerified: z.boolean(),
  channelId: z.string().optional(),
  /**
   * Cognito's username (`cognito:username`): the sub of a native user, `Google_<id>` of a user who
   * signs in with Google. Admin calls name a federated user by it (they do not take its sub).
   */
  username: z.string().min(1).max(128).optional(),
  /** Where a federated account comes from (the id token's `identities`); absent for native users. */
  provider: z.literal('Google').optional(),
});

export type UserClaims = z.infer<typeof userClaimsSchema>;
