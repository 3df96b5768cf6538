import { redirect } from 'next/navigation';

// Spec §2: any other path goes home (e.g. /creatorcash/v9, which is not a variant).
export default function NotFound(): never {
  redirect('/');
}
