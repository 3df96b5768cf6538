import { Loader } from '@/components/ui/loader';

// The analytics page's loader, on a move to it within the app. /profile has none, so its cards
// come whole in the first HTML and paint from it, not once a streamed part is revealed (063).
export default function Loading() {
  return <Loader className="flex-1 py-24" />;
}
