import { useSearchParams } from 'react-router';
import { returnPathOrNull } from '../../../../contracts/return-path';

/** The page a signed-out customer was heading to (`?next=`, e.g. a quote e-mailed to them), if it is one of ours. */
export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  return returnPathOrNull(params.get('next'));
}

/** A link between the sign-in pages that keeps where the customer was heading. */
export const withNext = (path: string, next: string | null): string => (next ? `${path}?next=${encodeURIComponent(next)}` : path);
