import type { Message } from '@/lib/messages';

export type ActionState<F extends string = string> = {
  status: 'idle' | 'error' | 'success';
  message?: Message;
  fieldErrors?: Partial<Record<F, Message[]>>;
  /** Never secrets. */
  values?: Partial<Record<F, string>>;
  unauthenticated?: boolean;
  data?: Record<string, string>;
};

export const idle: ActionState<never> = { status: 'idle' };
