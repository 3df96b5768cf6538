import { redirect } from 'next/navigation';

// Any path the product does not know goes home (docs/product.md §2); the guard then decides where home is.
export default function UnknownPath(): never {
  redirect('/');
}
