import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '../../../../contracts/customer/quotes';
import type { QuoteDecisionView, QuoteVersionView } from '../../../../contracts/quote-document';
import { FormMessage } from '../../../shared/components/FormMessage';
import { downloadQuotePdf, downloadVersionedQuotePdf } from '../../../shared/pdf';
import { usePdfDownload } from '../../lib/pdf/use-pdf-download';

interface QuotePdfButtonProps {
  quote: Pick<QuoteDetail, 'id' | 'description' | 'created_at' | 'total' | 'status' | 'address'>;
  /** The version to print (with the answer to it); none for a quote put in with SQL: the spec's PDF. */
  version?: { version: QuoteVersionView; decision: QuoteDecisionView | null; currentVersion: number } | undefined;
  label?: string;
  describedBy?: string;
  /** The page's primary action (an approved quote's PDF). */
  primary?: boolean;
}

/** 'Download PDF' of the quote (or one of its versions), with the same busy and failure states as the list. */
export function QuotePdfButton({ quote, version, label, describedBy, primary = false }: QuotePdfButtonProps) {
  const { t } = useTranslation('quotes');
  const pdf = usePdfDownload(
    (company, locale) =>
      version ? downloadVersionedQuotePdf({ ...quote, ...version }, company, locale) : downloadQuotePdf(quote, company, locale),
    `Quote ${quote.id}`,
  );
  return (
    <>
      <button
        type="button"
        className={`button ${primary ? 'primary' : 'secondary'}`}
        aria-describedby={describedBy}
        aria-busy={pdf.busy}
        onClick={() => void pdf.download()}
      >
        {pdf.busy ? t('preparingPdf') : (label ?? t('downloadPdf'))}
      </button>
      {pdf.failed && <FormMessage kind="error">{t('pdfFailed')}</FormMessage>}
    </>
  );
}
