/** The longest name the profile takes; the field stops there too (docs/product.md §5.5). */
export const NAME_MAX = 100;

/** A name the creator gives a passkey (decision 049). */
export const PASSKEY_NAME_MAX = 40;
