import { redirect } from 'next/navigation';

// docs/product.md §2.2: unknown paths go home; the guard then decides where home is.
export default function UnknownPath(): never {
  redirect('/');
}
