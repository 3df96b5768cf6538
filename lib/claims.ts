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
});

export type UserClaims = z.infer<typeof userClaimsSchema>;
