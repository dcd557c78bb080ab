import { useTranslation } from 'react-i18next';

/** "Load more" under a keyset-paged list: shown while there is a next page; focus stays on it. */
export function LoadMore({ query }: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <div className="load-more">
      <button
        type="button"
        className="button secondary"
        aria-busy={query.isFetchingNextPage}
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
      </button>
    </div>
  );
}
