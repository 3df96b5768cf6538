import type { Message } from '@/lib/messages';

/** What every server action answers; shared with the client components that show it. */
export type ActionState<F extends string = string> = {
  status: 'idle' | 'error' | 'success';
  message?: Message;
  fieldErrors?: Partial<Record<F, Message[]>>;
  /** What the person typed, echoed so a failed submit loses nothing (never secrets). */
  values?: Partial<Record<F, string>>;
  /** The session had ended: the client sends the person to /login. */
  unauthenticated?: boolean;
  /** Free-form facts for the next step (e.g. the stage of a two-stage form). */
  data?: Record<string, string>;
};

export const idle: ActionState<never> = { status: 'idle' };
