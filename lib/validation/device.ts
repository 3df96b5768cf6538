import { z } from 'zod';

/** Cognito's NewDeviceMetadataType.DeviceKey: `[\w-]+_[0-9a-f-]+`, at most 55 characters. */
export const deviceKeySchema = z
  .string()
  .max(55)
  .regex(/^[\w-]+_[0-9a-f-]+$/);

export const devicePageSchema = z
  .string()
  .min(1)
  .max(2_048)
  .regex(/^[A-Za-z0-9+/=_.~-]+$/);
