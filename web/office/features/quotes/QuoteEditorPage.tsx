import './quotes.css';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { officePages } from '../../../../contracts/pages';
import { ApiError } from '../../../shared/api/client';
import { FormMessage } from '../../../shared/components/FormMessage';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { quoteIdFrom, useOfficeQuote } from './api/get-quote';
import { emptyForm, formFromVersion } from './editor-form';
import { QuoteEditor } from './QuoteEditor';

/** 'New quote' (/office/quotes/new): an empty quote for a customer to pick. */
export function NewQuotePage() {
  const { t } = useTranslation('quotes');
  useDocumentTitle(t('editor.newTitle'));
  return <QuoteEditor initialForm={emptyForm()} initialCustomer={null} />;
}

/** /office/quotes/:id/edit: the quote's draft version (a new quote, or a 'New version' being written). */
export function EditQuotePage() {
  const { t } = useTranslation('quotes');
  const id = quoteIdFrom(useParams().id);
  const quote = useOfficeQuote(id ?? 0);
  const draft = quote.data?.versions.find((v) => v.version === quote.data?.draftVersion);
  useDocumentTitle(draft && id ? t('editor.editTitle', { id, version: draft.version }) : undefined);

  if (!id || (quote.error instanceof ApiError && quote.error.status === 404)) {
    return (
      <>
        <h1>{t('notFound')}</h1>
        <p>
          <Link to={officePages.quotes.href()}>{t('back')}</Link>
        </p>
      </>
    );
  }
  if (!quote.data) {
    return (
      <>
        <h1>{t('quote')}</h1>
        <QueryStatus query={quote} ns="quotes" logAs={`Quote ${id} could not be loaded:`} />
      </>
    );
  }
  if (!draft) {
    return (
      <>
        <h1>{t('detail.title', { id })}</h1>
        <FormMessage kind="info">{t('editor.noDraft')}</FormMessage>
        <p>
          <Link to={officePages.quote.href(id)}>{t('detail.title', { id })}</Link>
        </p>
      </>
    );
  }
  return (
    <QuoteEditor
      key={`${id}-${draft.version}`}
      quote={quote.data}
      version={draft.version}
      initialForm={formFromVersion(draft)}
      initialCustomer={null}
    />
  );
}
