/** The longest name the profile takes; the field stops there too (docs/product.md §5.5). */
export const NAME_MAX = 100;

/**
 * How long a Resend button waits after a code was sent, counting down where it shows. The server's
 * limits still answer past it (docs/product.md §5.4); this only keeps a person from asking again
 * before the first code had time to arrive.
 */
export const RESEND_WAIT_SECONDS = 30;

/** A name the creator gives a passkey (decision 049). */
export const PASSKEY_NAME_MAX = 40;
