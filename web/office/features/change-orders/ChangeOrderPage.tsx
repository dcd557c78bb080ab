import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { signedChangeOrderFileName } from '../../../../contracts/change-order-document';
import { pathOf } from '../../../../contracts/endpoint';
import { getOfficeSignedChangeOrderPdf, type OfficeChangeOrder } from '../../../../contracts/office/change-orders';
import { officePages } from '../../../../contracts/pages';
import { ApiError } from '../../../shared/api/client';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { changeOrderIdFrom, useOfficeChangeOrder } from './api/change-orders';
import { ChangeLinesView } from './ChangeLinesView';
import { ChangeOrderEditor } from './ChangeOrderEditor';
import './change-orders.css';

/** /office/change-orders/:id: the editor while a draft, the document (with the customer's answer) after it was sent. */
export function ChangeOrderPage() {
  const { t } = useTranslation('changeOrders');
  const id = changeOrderIdFrom(useParams().id);
  const query = useOfficeChangeOrder(id ?? 0);
  const data = query.data;
  useDocumentTitle(data ? t('orderTitle', { n: data.changeOrder.number, id: data.changeOrder.quoteId }) : undefined);
  if (!id || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <>
        <h1>{t('notFound')}</h1>
        <p>
          <Link to={officePages.quotes.href()}>{t('backToQuotes')}</Link>
        </p>
      </>
    );
  }
  if (!data) {
    return (
      <>
        <h1>{t('title')}</h1>
        <QueryStatus query={query} ns="changeOrders" logAs={`Change order ${id} could not be loaded:`} />
      </>
    );
  }
  const { changeOrder } = data;
  return (
    <div className="change-order-page">
      <p className="breadcrumb">
        <Link to={officePages.quote.href(changeOrder.quoteId)}>{t('backToQuote', { id: changeOrder.quoteId })}</Link>
        {data.workOrderId && (
          <>
            {' · '}
            <Link to={officePages.workOrder.href(data.workOrderId)}>{t('backToWorkOrder', { id: data.workOrderId })}</Link>
          </>
        )}
      </p>
      <div className="section-head">
        <h1>{t('orderTitle', { n: changeOrder.number, id: changeOrder.quoteId })}</h1>
        <StatusBadge status={changeOrder.status} domain="quote" />
      </div>
      <p className="muted">{data.customer.name ? `${data.customer.name} · ${data.customer.email}` : data.customer.email}</p>
      {changeOrder.status === 'Draft' ? <ChangeOrderEditor key={changeOrder.id} data={data} /> : <ChangeOrderDocument data={data} />}
    </div>
  );
}

function ChangeOrderDocument({ data }: { data: OfficeChangeOrder }) {
  const { t } = useTranslation('changeOrders');
  const locale = useLocale();
  const { changeOrder: order, decidedFrom } = data;
  return (
    <>
      <section className="section">
        <dl className="change-order-facts">
          <div>
            <dt>{t('reason')}</dt>
            <dd>{order.reason || '—'}</dd>
          </div>
          <div>
            <dt>{t('addedDays')}</dt>
            <dd>{order.addedDays}</dd>
          </div>
          <div>
            <dt>{t('answerBy')}</dt>
            <dd>{order.answerBy ? formatDate(order.answerBy, locale) : '—'}</dd>
          </div>
          <div>
            <dt>{t('sentAt')}</dt>
            <dd>{order.sentAt ? formatDateTime(order.sentAt, locale) : '—'}</dd>
          </div>
          <div>
            <dt>{t('amount')}</dt>
            <dd>{formatMoney(order.amount, locale)}</dd>
          </div>
        </dl>
        <ChangeLinesView lines={order.lines} />
        <p className="contract-change" data-testid="office-contract-change">
          {t('contractTotal', { old: formatMoney(order.totalBefore, locale), new: formatMoney(order.totalAfter, locale) })}
        </p>
        {order.status === 'Sent' && order.outdated && <p className="form-message info">{t('outdatedOffice')}</p>}
        {order.contentHash && (
          <p>
            {t('contentHash')}: <span className="hash">{order.contentHash}</span>
          </p>
        )}
      </section>
      {order.decision && (
        <section className="section" aria-label={t('decisionTitle')}>
          <h2>{order.decision.decision === 'Approved' ? t('approvedTitle') : t('declinedTitle')}</h2>
          <dl className="change-order-facts">
            {order.decision.signerName && (
              <div>
                <dt>{t('signedBy')}</dt>
                <dd>{order.decision.signerName}</dd>
              </div>
            )}
            {decidedFrom?.person && (
              // The account's person behind the decision (contract-spec §4).
              <div>
                <dt>{t(order.decision.decision === 'Approved' ? 'approvedBy' : 'declinedBy')}</dt>
                <dd>
                  {decidedFrom.person.name} ({decidedFrom.person.email})
                </dd>
              </div>
            )}
            {order.decision.reason && (
              <div>
                <dt>{t('reason')}</dt>
                <dd>{order.decision.reason}</dd>
              </div>
            )}
            <div>
              <dt>{t('decidedAt')}</dt>
              <dd>{formatDateTime(order.decision.decidedAt, locale)}</dd>
            </div>
            <div>
              <dt>{t('ip')}</dt>
              <dd>{decidedFrom?.ip ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('browser')}</dt>
              <dd>{decidedFrom?.userAgent ?? '—'}</dd>
            </div>
          </dl>
          {order.decision.decision === 'Approved' && order.decision.pdfSha256 && (
            // The signed PDF made at approval, with its certificate (contract-spec §1, §2); the download is audited.
            <div className="actions">
              <a
                className="button secondary link-button"
                href={pathOf(getOfficeSignedChangeOrderPdf, { id: order.id })}
                download={signedChangeOrderFileName(order.quoteId, order.number)}
              >
                {t('signedPdfDownload')}
              </a>
            </div>
          )}
        </section>
      )}
    </>
  );
}
