import { z } from 'zod';

/** A device key as Cognito makes them (NewDeviceMetadataType: `[\w-]+_[0-9a-f-]+`, at most 55). */
export const deviceKeySchema = z
  .string()
  .max(55)
  .regex(/^[\w-]+_[0-9a-f-]+$/);

/** A page token of the device list, as it travels in /profile's query string. */
export const devicePageSchema = z
  .string()
  .min(1)
  .max(2_048)
  .regex(/^[A-Za-z0-9+/=_.~-]+$/);
