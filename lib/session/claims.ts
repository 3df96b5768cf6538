import { z } from 'zod';

export const userClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(1),
  emailVerified: z.boolean(),
  name: z.string().optional(),
  phoneNumber: z.string().optional(),
  phoneNumberVerified: z.boolean(),
  channelId: z.string().optional(),
  /** `cognito:username`: admin calls name a federated user (`Google_<id>`) by it, not its sub. */
  username: z.string().min(1).max(128).optional(),
  provider: z.literal('Google').optional(),
});

export type UserClaims = z.infer<typeof userClaimsSchema>;
