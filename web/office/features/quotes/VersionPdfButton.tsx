import { useTranslation } from 'react-i18next';
import { getCustomerDetail } from '../../../../contracts/office/customers';
import type { OfficeQuote } from '../../../../contracts/office/quotes';
import { callEndpoint } from '../../../shared/api/client';
import { FormMessage } from '../../../shared/components/FormMessage';
import { downloadVersionedQuotePdf, type PdfCustomer } from '../../../shared/pdf';
import { usePdfDownload } from '../../../shared/lib/use-pdf-download';

type Version = OfficeQuote['versions'][number];

/**
 * 'Download PDF' of one sent version, the document the customer downloads (web/shared/pdf: lines as
 * signed, the signature block, 'Prepared for' their profile), in the office's language. The
 * customer's profile is read on the click (name, address, phone); without one, the quote's e-mail.
 */
export function VersionPdfButton({ quote, version }: { quote: OfficeQuote; version: Version }) {
  const { t } = useTranslation('quotes');
  const pdf = usePdfDownload(
    (setup, locale) =>
      downloadVersionedQuotePdf(
        {
          id: quote.id,
          description: version.description,
          created_at: quote.createdAt,
          status: quote.status,
          version,
          decision: quote.decisions.find((d) => d.version === version.version) ?? null,
          currentVersion: quote.currentVersion ?? version.version,
          address: quote.property?.address ?? null,
        },
        setup,
        locale,
      ),
    async (): Promise<PdfCustomer> =>
      quote.customer.id === null
        ? { name: quote.customer.name, email: quote.customer.email, phone: null, address: null }
        : (await callEndpoint(getCustomerDetail, { params: { id: quote.customer.id } })).customer,
    `Quote ${quote.id} version ${version.version}`,
  );

  return (
    <>
      <button type="button" className="button secondary" aria-busy={pdf.busy} onClick={() => void pdf.download()}>
        {pdf.busy ? t('pdf.preparing') : t('pdf.download', { n: version.version })}
      </button>
      {pdf.failed && <FormMessage kind="error">{t('pdf.failed')}</FormMessage>}
    </>
  );
}
