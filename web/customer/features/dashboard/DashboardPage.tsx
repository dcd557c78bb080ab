import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { Skeleton } from '../../../shared/components/Skeleton';
import { ContactCard } from '../../components/ContactCard';
import { ActiveWorkOrders } from './ActiveWorkOrders';
import { BalanceDue } from './BalanceDue';
import { useDashboard } from './api/get-dashboard';
import { RecentQuotes } from './RecentQuotes';
import { Welcome } from './Welcome';
import './dashboard.css';

/** 'Customer Dashboard': recent quotes and active work orders, from one request, and how to reach the company. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const dashboard = useDashboard();
  const loading = dashboard.isPending && !dashboard.isError;
  // Welcome only a new customer: one whose orders are all Complete or Cancelled has empty lists too.
  const data = dashboard.data;
  const nothingYet = data && (data.hasRecords ?? data.recentQuotes.length + data.activeWorkOrders.length > 0) === false;

  return (
    <>
      <h1>{t('title')}</h1>
      {!loading && <QueryStatus query={dashboard} ns="dashboard" logAs="Dashboard query failed:" />}
      {nothingYet && <Welcome />}
      {data?.balanceDue && <BalanceDue amount={data.balanceDue} />}
      <div className="dashboard-grid">
        {loading && (
          <>
            <DashboardCardSkeleton label={t('loading')} />
            <DashboardCardSkeleton />
          </>
        )}
        {dashboard.data && (
          <>
            <RecentQuotes quotes={dashboard.data.recentQuotes} />
            <ActiveWorkOrders orders={dashboard.data.activeWorkOrders} />
          </>
        )}
        {/* Not while loading: the balance due and the lists would move it down (a layout shift). */}
        {!loading && <ContactCard />}
      </div>
    </>
  );
}

/** A card of the dashboard while it loads; the first one tells a screen reader what is loading. */
function DashboardCardSkeleton({ label }: { label?: string }) {
  return (
    <div className="card" aria-hidden={label ? undefined : true}>
      <span className="skeleton-heading" />
      <Skeleton label={label ?? ''} shape="rows" count={3} />
    </div>
  );
}
