import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signedChangeOrderFileName, type ChangeOrderView } from '../../../../contracts/change-order-document';
import { getSignedChangeOrderPdf } from '../../../../contracts/customer/change-orders';
import { pathOf } from '../../../../contracts/endpoint';
import { FormMessage } from '../../../shared/components/FormMessage';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useAccountRole, ViewOnlyNotice } from '../../components/account-role';
import type { Refusal } from './api/change-orders';
import { ApproveChangeOrderDialog } from './ApproveChangeOrderDialog';
import { ChangeLines } from './ChangeLines';
import { DeclineChangeOrderDialog } from './DeclineChangeOrderDialog';

type Outcome = 'approved' | 'declined' | Refusal;
const outcomeText: Record<Outcome, ['success' | 'error', string]> = {
  approved: ['success', 'approve.success'],
  declined: ['success', 'decline.success'],
  expired: ['error', 'expired'],
  outdated: ['error', 'outdated'],
  decided: ['error', 'decided'],
};

/** One change order: what changed, its amount and the contract total old → new, and the customer's answer. */
export function ChangeOrderCard({ order }: { order: ChangeOrderView }) {
  const { t } = useTranslation('changeOrders');
  const locale = useLocale();
  const headingId = useId();
  const [dialog, setDialog] = useState<'approve' | 'decline' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const message = useRef<HTMLDivElement>(null);
  const open = order.status === 'Sent' && !order.outdated;
  // A view-only person sees the change order and, where Approve and Decline would be, why not (decision 245).
  const viewOnly = useAccountRole() === 'view_only';
  const title = t('orderTitle', { n: order.number, id: order.quoteId });

  useEffect(() => {
    if (outcome) message.current?.focus();
  }, [outcome]);
  const finish = (result: Outcome) => {
    setDialog(null);
    setOutcome(result);
  };
  const [kind, key] = outcome ? outcomeText[outcome] : [];

  return (
    <article className="change-order" aria-labelledby={headingId} data-testid={`change-order-${order.number}`}>
      <div className="change-order-head">
        <h3 id={headingId}>{title}</h3>
        <StatusBadge status={order.status} domain="quote" />
      </div>
      <dl className="change-order-facts">
        {order.reason && (
          <div>
            <dt>{t('reason')}</dt>
            <dd>{order.reason}</dd>
          </div>
        )}
        <div>
          <dt>{t('addedDays')}</dt>
          <dd>{order.addedDays}</dd>
        </div>
        {order.answerBy && (
          <div>
            <dt>{t('answerBy')}</dt>
            <dd>
              <time dateTime={order.answerBy}>{formatDate(order.answerBy, locale)}</time>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('amount')}</dt>
          <dd data-testid="change-amount">{formatMoney(order.amount, locale)}</dd>
        </div>
      </dl>
      <ChangeLines lines={order.lines} headingLevel={4} />
      <p className="contract-change" data-testid="contract-change">
        {t('contractTotal', { old: formatMoney(order.totalBefore, locale), new: formatMoney(order.totalAfter, locale) })}
      </p>

      <div ref={message} tabIndex={-1} aria-live="polite">
        {kind && key && <FormMessage kind={kind}>{t(key)}</FormMessage>}
      </div>
      {order.status === 'Expired' && !outcome && <FormMessage kind="info">{t('expired')}</FormMessage>}
      {order.status === 'Sent' && order.outdated && !outcome && <FormMessage kind="info">{t('outdated')}</FormMessage>}
      {order.decision && (
        <p className="change-order-decision">
          {order.decision.decision === 'Approved'
            ? t('approvedBy', { name: order.decision.signerName ?? '', date: formatDateTime(order.decision.decidedAt, locale) })
            : t('declinedOn', { date: formatDateTime(order.decision.decidedAt, locale), reason: order.decision.reason ?? '' })}
        </p>
      )}
      {order.decision?.decision === 'Approved' && order.decision.pdfSha256 && (
        // The signed PDF made on the server at approval, with its certificate (contract-spec §1, §2).
        <div className="actions">
          <a
            className="button secondary link-button"
            href={pathOf(getSignedChangeOrderPdf, { id: order.id })}
            download={signedChangeOrderFileName(order.quoteId, order.number)}
          >
            {t('download', { ns: 'signatures' })}
          </a>
        </div>
      )}
      {open && viewOnly && <ViewOnlyNotice />}
      {open && !viewOnly && (
        <div className="actions">
          <button type="button" className="button primary" aria-haspopup="dialog" onClick={() => setDialog('approve')}>
            {t('approve.open')}
          </button>
          <button type="button" className="button secondary" aria-haspopup="dialog" onClick={() => setDialog('decline')}>
            {t('decline.open')}
          </button>
        </div>
      )}
      {dialog === 'approve' && <ApproveChangeOrderDialog order={order} onClose={() => setDialog(null)} onDone={finish} />}
      {dialog === 'decline' && <DeclineChangeOrderDialog order={order} onClose={() => setDialog(null)} onDone={finish} />}
    </article>
  );
}
