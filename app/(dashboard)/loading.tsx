import { Loader } from '@/components/ui/loader';

export default function Loading() {
  return <Loader className="flex-1 py-24" />;
}
