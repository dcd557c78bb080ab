import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError';
import { ActiveWorkOrders } from './ActiveWorkOrders';
import { useDashboard } from './api/get-dashboard';
import { RecentQuotes } from './RecentQuotes';
import './dashboard.css';

/** 'Customer Dashboard': recent quotes and active work orders, from one request. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const dashboard = useDashboard();

  useEffect(() => {
    if (dashboard.error) console.error('Dashboard query failed:', dashboard.error);
  }, [dashboard.error]);

  return (
    <>
      <h1>{t('title')}</h1>
      {dashboard.isPending && !dashboard.isError && (
        <p className="muted" role="status">
          {t('loading')}
        </p>
      )}
      {dashboard.isError && <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void dashboard.refetch()} />}
      {dashboard.data && (
        <div className="dashboard-grid">
          <RecentQuotes quotes={dashboard.data.recentQuotes} />
          <ActiveWorkOrders orders={dashboard.data.activeWorkOrders} />
        </div>
      )}
    </>
  );
}
