import { useEffect } from 'react';
import './QueryStatus.css';

interface QueryStatusProps {
  /** The screen's query (TanStack Query's result). */
  query: { isPending: boolean; isError: boolean; error: unknown; data: unknown; refetch: () => unknown };
  /** The console line a load failure is logged with (the spec asks for it in the console). */
  logAs: string;
  loading: string;
  failed: string;
  retry: string;
  /** Shown when the data is an empty list. */
  empty?: string;
}

/**
 * What a screen shows while its data is not there: the loading line, a short message with "Try again"
 * when the load failed (logged once per error), or the empty-list message.
 */
export function QueryStatus({ query, logAs, loading, failed, retry, empty }: QueryStatusProps) {
  useEffect(() => {
    if (query.error) console.error(logAs, query.error);
  }, [logAs, query.error]);

  if (query.isPending && !query.isError) {
    return (
      <p className="muted" role="status">
        {loading}
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className="form-message error load-error" role="alert">
        <span>{failed}</span>
        <button type="button" className="button secondary" onClick={() => void query.refetch()}>
          {retry}
        </button>
      </div>
    );
  }
  if (empty && Array.isArray(query.data) && query.data.length === 0) return <p className="muted">{empty}</p>;
  return null;
}
