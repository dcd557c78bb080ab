import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quote } from '../../../../contracts/customer/quotes';
import { FormMessage } from '../../../shared/components/FormMessage';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { useQuotes } from './api/get-quotes';
import { QuoteCard } from './QuoteCard';
import { RevisionDialog } from './RevisionDialog';
import './quotes.css';

/** The customer's quotes, newest first, each with its PDF, revision request and status history. */
export function QuotesPage() {
  const { t } = useTranslation('quotes');
  const quotes = useQuotes();
  const [revising, setRevising] = useState<Quote | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const openRevision = (quote: Quote) => {
    setSubmitted(false);
    setRevising(quote);
  };

  return (
    <>
      <h1>{t('title')}</h1>
      <div aria-live="polite" className="quotes-status">
        {submitted && <FormMessage kind="success">{t('revision.success')}</FormMessage>}
        {/* The spec logs a load failure; we also show a short message with a retry. */}
        <QueryStatus query={quotes} ns="quotes" logAs="Quotes could not be loaded:" empty />
      </div>
      {quotes.data && quotes.data.length > 0 && (
        <ul className="list" aria-label={t('title')}>
          {quotes.data.map((quote) => (
            <li key={quote.id}>
              <QuoteCard quote={quote} onRequestRevision={openRevision} />
            </li>
          ))}
        </ul>
      )}
      {revising && (
        <RevisionDialog
          key={revising.id}
          quote={revising}
          onClose={() => setRevising(null)}
          onSubmitted={() => {
            setRevising(null);
            setSubmitted(true);
          }}
        />
      )}
    </>
  );
}
