import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setOfficeQuoteProperty } from '../../../../contracts/office/properties';
import type { OfficeQuote } from '../../../../contracts/office/quotes';
import { callEndpoint } from '../../../shared/api/client';
import { PropertyPicker } from '../../components/PropertyPicker';
import { officeQueryKeys } from '../../lib/query-keys';

/**
 * The quote's 'Property' (contract-spec §4), in its own card beside the editor (its own form, saved
 * at once, not part of the draft nor of the signed content; decision 225). A new quote gets one once saved.
 */
export function QuoteProperty({ quote }: { quote: OfficeQuote }) {
  const { t } = useTranslation('properties');
  const queryClient = useQueryClient();
  return (
    <section className="card quote-property" aria-labelledby="quote-property-title">
      <h2 id="quote-property-title">{t('title')}</h2>
      <PropertyPicker
        customerId={quote.customer.id}
        currentId={quote.property?.id ?? null}
        locked={quote.status === 'Approved' ? t('lockedQuote') : null}
        save={(body) => callEndpoint(setOfficeQuoteProperty, { params: { id: quote.id }, body })}
        onSaved={() => queryClient.invalidateQueries({ queryKey: officeQueryKeys.quotes.all })}
      />
    </section>
  );
}
