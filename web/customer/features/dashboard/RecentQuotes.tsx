import { useTranslation } from 'react-i18next';
import type { DashboardQuote } from '../../../../contracts/customer/dashboard';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { quoteBadgeColor } from '../../components/StatusBadge';
import { paths } from '../../lib/paths';
import { SummarySection } from './SummarySection';

export function RecentQuotes({ quotes }: { quotes: DashboardQuote[] }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const items = quotes.map((quote) => ({
    id: quote.id,
    detail: t('quotes.total', { total: formatMoney(quote.total, locale) }),
    status: quote.status,
    color: quoteBadgeColor(quote.status),
  }));
  return <SummarySection section="quotes" headingId="recent-quotes-title" items={items} viewAll={paths.quotes} />;
}
