import { useTranslation } from 'react-i18next';
import type { DashboardQuote } from '../../../../contracts/customer/dashboard';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { customerPages } from '../../../../contracts/pages';
import { SummarySection } from './SummarySection';

export function RecentQuotes({ quotes }: { quotes: DashboardQuote[] }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const items = quotes.map((quote) => ({
    id: quote.id,
    href: customerPages.quote.href(quote.id),
    description: quote.description,
    details: [t('quotes.total', { total: formatMoney(quote.total, locale) })],
    status: quote.status,
  }));
  return (
    <SummarySection section="quotes" domain="quote" headingId="recent-quotes-title" items={items} viewAll={customerPages.quotes.href()} />
  );
}
