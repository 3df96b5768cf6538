import { plainName } from '@/lib/format';
import { z } from 'zod';
import { PASSKEY_NAME_MAX } from './limits';

// Shape and size only (Cognito verifies the ceremony): anything else is refused, never passed on.
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

export const passkeyIdSchema = z
  .string()
  .min(1)
  .max(1_024)
  .regex(/^[A-Za-z0-9_=+/-]+$/);

export { PASSKEY_NAME_MAX };

/**
 * As typed: spaces at the ends and runs of spaces do not count; control characters and invisible
 * ones that reorder or hide text go (plainName).
 */
export const passkeyNameSchema = z
  .string()
  .max(1_000)
  .transform(plainName)
  .pipe(
    z
      .string()
      .min(1, 'Enter a name.')
      .max(PASSKEY_NAME_MAX, `Up to ${PASSKEY_NAME_MAX} characters.`),
  );
