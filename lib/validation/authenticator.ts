import * as z from 'zod/mini';
import { MSG } from '@/lib/messages/fields';
import { sixDigitCode } from '@/lib/validation/schemas';

export { DEVICE_NAME, ISSUER, groupKey, otpauthUri } from '@/lib/validation/authenticator-key';

export const authenticatorCodeField = sixDigitCode(MSG.authenticatorCodeEnter);

export const authenticatorCodeSchema = z.object({ code: authenticatorCodeField });
