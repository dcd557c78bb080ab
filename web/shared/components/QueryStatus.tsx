import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton, type SkeletonShape } from './Skeleton';
import './QueryStatus.css';

interface QueryStatusProps {
  /** The screen's query (TanStack Query's result). */
  query: { isPending: boolean; isError: boolean; error: unknown; data: unknown; refetch: () => unknown };
  /** The screen's i18n namespace; its texts are `loading`, `loadFailed`, `retry` (and `empty`). */
  ns: string;
  /** The console line a load failure is logged with (the spec asks for it in the console). */
  logAs: string;
  /** Say `empty` when the data is an empty list (screens that show a list). */
  empty?: boolean;
  /** The placeholder's shape while loading: cards for a list (`empty` given), one document for a record. */
  placeholder?: SkeletonShape;
}

/**
 * What a screen shows while its data is not there: placeholders shaped like the content (busy, named
 * by the screen's loading line, e.g. 'Loading quotes...'), a short message with "Try again" when the
 * load failed (logged once per error), or the empty-list message.
 */
export function QueryStatus({ query, ns, logAs, empty, placeholder = empty ? 'cards' : 'document' }: QueryStatusProps) {
  const { t } = useTranslation(ns);
  useEffect(() => {
    if (query.error) console.error(logAs, query.error);
  }, [logAs, query.error]);

  if (query.isPending && !query.isError) {
    return <Skeleton label={t('loading')} shape={placeholder} count={3} />;
  }
  if (query.isError && !query.data) {
    return (
      <div className="form-message error load-error" role="alert">
        <span>{t('loadFailed')}</span>
        <button type="button" className="button secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (empty && Array.isArray(query.data) && query.data.length === 0) return <p className="muted">{t('empty')}</p>;
  return null;
}
