import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/QueryStatus';
import { useLogLoadError } from '../../lib/use-log-load-error';
import { ActiveWorkOrders } from './ActiveWorkOrders';
import { useDashboard } from './api/get-dashboard';
import { RecentQuotes } from './RecentQuotes';
import './dashboard.css';

/** 'Customer Dashboard': recent quotes and active work orders, from one request. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const dashboard = useDashboard();

  useLogLoadError('Dashboard query failed:', dashboard.error);

  return (
    <>
      <h1>{t('title')}</h1>
      {dashboard.isPending && !dashboard.isError && (
        <p className="muted" role="status">
          {t('loading')}
        </p>
      )}
      {dashboard.isError && !dashboard.data && <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void dashboard.refetch()} />}
      {dashboard.data && (
        <div className="dashboard-grid">
          <RecentQuotes quotes={dashboard.data.recentQuotes} />
          <ActiveWorkOrders orders={dashboard.data.activeWorkOrders} />
        </div>
      )}
    </>
  );
}
