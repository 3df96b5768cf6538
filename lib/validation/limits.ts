/** The longest name the profile takes; the field stops there too (docs/product.md §5.5). */
export const NAME_MAX = 100;
