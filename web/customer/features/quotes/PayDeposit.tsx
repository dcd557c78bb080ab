import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerPages } from '../../../../contracts/pages';
import { FormMessage } from '../../../shared/components/FormMessage';
import { usePublicConfig } from '../../../shared/lib/public-config';
import { useDepositInvoice, usePayDeposit } from './api/deposit-invoice';

/**
 * Beside the approval's success message: 'Pay deposit' when the approval issued a deposit invoice.
 * With online payment it opens the provider's page; without, it leads to the invoice (how to pay).
 */
export function PayDeposit({ quoteId }: { quoteId: number }) {
  const { t } = useTranslation('quotesDetail');
  const config = usePublicConfig();
  const deposit = useDepositInvoice(quoteId, true);
  const pay = usePayDeposit();
  const invoice = deposit.data;
  if (!invoice || !config.data) return null;
  if (!config.data.onlinePayments) {
    return (
      <Link className="button primary link-button" to={customerPages.invoice.href(invoice.id)}>
        {t('payDeposit')}
      </Link>
    );
  }
  const busy = pay.isPending || pay.isSuccess;
  return (
    <>
      <button type="button" className="button primary" aria-busy={busy} disabled={busy} onClick={() => pay.mutate(invoice.id)}>
        {t('payDeposit')}
      </button>
      {pay.isError && <FormMessage kind="error">{t('payDepositFailed')}</FormMessage>}
    </>
  );
}
