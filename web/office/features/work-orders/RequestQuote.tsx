import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { OfficeWorkOrder } from '../../../../contracts/office/work-orders';
import { FormMessage } from '../../../shared/components/FormMessage';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { officePages } from '../../../../contracts/pages';
import { actionError } from './action-error';
import { useCreateQuoteFromRequest } from './api/create-quote';

/** A quote that no longer answers the request: the office may write another. */
const CLOSED_QUOTE = new Set(['Declined', 'Expired']);
const OPEN_ORDER = new Set(['Pending', 'In Progress']);

/**
 * A work request's quote (issue 22): 'Create quote' on an open request that comes from no quote,
 * then the link to the quote written for it. The quote starts with the request's customer and
 * description, and shows its address and photos; once approved, its work order is this same order.
 */
export function RequestQuote({ order }: { order: OfficeWorkOrder }) {
  const { t } = useTranslation('workOrder');
  const navigate = useNavigate();
  const create = useCreateQuoteFromRequest(order.id);
  const quote = order.requestQuote ?? null;
  if (order.quoteId !== null) return null;
  const canCreate = OPEN_ORDER.has(order.status) && (quote === null || CLOSED_QUOTE.has(quote.status));
  if (!quote && !canCreate) return null;
  return (
    <div className="request-quote">
      {quote && (
        <p>
          <Link to={officePages.quote.href(quote.id)}>{t('requestQuote.link', { id: quote.id })}</Link>{' '}
          <StatusBadge status={quote.status} domain="quote" />
        </p>
      )}
      {canCreate && (
        <div className="actions">
          <button
            type="button"
            className="button primary"
            disabled={create.isPending}
            aria-busy={create.isPending}
            onClick={() => create.mutate(undefined, { onSuccess: (created) => void navigate(officePages.editQuote.href(created.id)) })}
          >
            {t('requestQuote.create')}
          </button>
        </div>
      )}
      <FormMessage kind="error">{create.error ? actionError(t, create.error) : null}</FormMessage>
    </div>
  );
}
