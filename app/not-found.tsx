import { redirect } from 'next/navigation';

// docs/product.md §2.2: a path that is not a page goes home (e.g. /creatorcash/v9).
export default function NotFound(): never {
  redirect('/');
}
