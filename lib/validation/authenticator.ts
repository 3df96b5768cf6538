import * as z from 'zod/mini';
import { MSG } from '@/lib/validation/messages';
import { sixDigitCode } from '@/lib/validation/schemas';

export { DEVICE_NAME, ISSUER, groupKey, otpauthUri } from '@/lib/validation/authenticator-key';

/** An authenticator-app code: its empty message speaks of the app, not of an email (docs/product.md §5.4). */
export const authenticatorCodeField = sixDigitCode(MSG.authenticatorCodeEnter);

/** A form of the six boxes alone, for a code from the authenticator app (setup, sign-in). */
export const authenticatorCodeSchema = z.object({ code: authenticatorCodeField });
