import { z } from 'zod';

/**
 * What the browser hands back from a passkey ceremony (RegistrationResponseJSON or
 * AuthenticationResponseJSON), checked for shape and size before it goes to Cognito, which verifies
 * it: anything else is refused here with a plain message, never passed on.
 */
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);

export const passkeyCredentialSchema = z.object({
  id: base64url.min(1).max(1_024),
  rawId: base64url.min(1).max(1_024),
  type: z.literal('public-key'),
  response: z.record(
    z.string(),
    z.union([base64url, z.array(z.string().max(32)).max(10), z.number()]),
  ),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

export type PasskeyCredential = z.infer<typeof passkeyCredentialSchema>;

/** A passkey's credential id, as Cognito lists it. */
export const passkeyIdSchema = z
  .string()
  .min(1)
  .max(1_024)
  .regex(/^[A-Za-z0-9_=+/-]+$/);
