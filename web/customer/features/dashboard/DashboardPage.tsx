import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { ActiveWorkOrders } from './ActiveWorkOrders';
import { useDashboard } from './api/get-dashboard';
import { RecentQuotes } from './RecentQuotes';
import './dashboard.css';

/** 'Customer Dashboard': recent quotes and active work orders, from one request. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const dashboard = useDashboard();

  return (
    <>
      <h1>{t('title')}</h1>
      <QueryStatus query={dashboard} ns="dashboard" logAs="Dashboard query failed:" />
      {dashboard.data && (
        <div className="dashboard-grid">
          <RecentQuotes quotes={dashboard.data.recentQuotes} />
          <ActiveWorkOrders orders={dashboard.data.activeWorkOrders} />
        </div>
      )}
    </>
  );
}
