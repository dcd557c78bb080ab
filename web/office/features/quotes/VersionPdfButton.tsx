import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCustomerDetail } from '../../../../contracts/office/customers';
import type { OfficeQuote } from '../../../../contracts/office/quotes';
import { callEndpoint } from '../../../shared/api/client';
import { FormMessage } from '../../../shared/components/FormMessage';
import { useLocale } from '../../../shared/i18n/use-locale';
import { downloadVersionedQuotePdf, type PdfCustomer } from '../../../shared/pdf';
import { publicConfigQuery } from '../../../shared/lib/public-config';

type Version = OfficeQuote['versions'][number];

/**
 * 'Download PDF' of one sent version, the document the customer downloads (web/shared/pdf: lines as
 * signed, the signature block, 'Prepared for' their profile), in the office's language. The
 * customer's profile is read on the click (name, address, phone); without one, the quote's e-mail.
 */
export function VersionPdfButton({ quote, version }: { quote: OfficeQuote; version: Version }) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const download = async () => {
    if (state === 'busy') return;
    setState('busy');
    try {
      const config = await queryClient.ensureQueryData(publicConfigQuery);
      const customer: PdfCustomer =
        quote.customer.id === null
          ? { name: quote.customer.name, email: quote.customer.email, phone: null, address: null }
          : (await callEndpoint(getCustomerDetail, { params: { id: quote.customer.id } })).customer;
      const decision = quote.decisions.find((d) => d.version === version.version) ?? null;
      await downloadVersionedQuotePdf(
        {
          id: quote.id,
          description: version.description,
          created_at: quote.createdAt,
          status: quote.status,
          version,
          decision,
          currentVersion: quote.currentVersion ?? version.version,
        },
        { company: config.company, customer, paperSize: config.pdfPaperSize ?? 'letter' },
        locale,
      );
      setState('idle');
    } catch (err) {
      console.error(`Quote ${quote.id} version ${version.version}: the PDF could not be created`, err);
      setState('failed');
    }
  };

  return (
    <>
      <button type="button" className="button secondary" aria-busy={state === 'busy'} onClick={() => void download()}>
        {state === 'busy' ? t('pdf.preparing') : t('pdf.download', { n: version.version })}
      </button>
      {state === 'failed' && <FormMessage kind="error">{t('pdf.failed')}</FormMessage>}
    </>
  );
}
