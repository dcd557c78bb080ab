import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerDetail } from '../../../../contracts/office/customers';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { officePages } from '../../../../contracts/pages';

/** The customer's quotes, work orders and revision requests, newest first (each with an anchor the Inbox links to). */
export function CustomerRecords({ detail }: { detail: CustomerDetail }) {
  const { t } = useTranslation('customers');
  const locale = useLocale();
  return (
    <>
      <RecordSection id="quotes-title" title={t('quotes.title')} empty={t('quotes.empty')} count={detail.quotes.length}>
        {detail.quotes.map((quote) => (
          <li key={quote.id} id={`quote-${quote.id}`} className="card row-card">
            <div className="row-main">
              <h3>
                <Link to={officePages.quote.href(quote.id)}>{t('quotes.item', { id: quote.id })}</Link>
              </h3>
              <p className="summary-text">{quote.description}</p>
              <p className="muted">{formatDate(quote.createdAt, locale)}</p>
            </div>
            <StatusBadge status={quote.status} domain="quote" />
            <strong>{formatMoney(quote.total, locale)}</strong>
          </li>
        ))}
      </RecordSection>
      <RecordSection id="work-orders-title" title={t('workOrders.title')} empty={t('workOrders.empty')} count={detail.workOrders.length}>
        {detail.workOrders.map((order) => (
          <li key={order.id} id={`work-order-${order.id}`} className="card row-card">
            <div className="row-main">
              <h3>
                <Link to={officePages.workOrder.href(order.id)}>{t('workOrders.item', { id: order.id })}</Link>
              </h3>
              <p className="summary-text">{order.description}</p>
              <p className="muted">
                {order.address} · {formatDate(order.submittedAt, locale)}
              </p>
            </div>
            <StatusBadge status={order.status} domain="workOrder" />
          </li>
        ))}
      </RecordSection>
      <RecordSection id="revisions-title" title={t('revisions.title')} empty={t('revisions.empty')} count={detail.revisionRequests.length}>
        {detail.revisionRequests.map((request) => (
          <li key={request.id} id={`revision-${request.id}`} className="card">
            <h3>{t('revisions.item', { id: request.quoteId })}</h3>
            <p className="summary-text">{request.message}</p>
            <p className="muted">{formatDateTime(request.requestedAt, locale)}</p>
          </li>
        ))}
      </RecordSection>
    </>
  );
}

function RecordSection({
  id,
  title,
  empty,
  count,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="muted">({count})</span>
      </h2>
      {count === 0 ? <p className="muted">{empty}</p> : <ul className="list">{children}</ul>}
    </section>
  );
}
