import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../../contracts/locale';
import type { Quote } from '../../../contracts/quotes';
import { downloadQuotePdf } from '../../lib/pdf';
import { publicConfigQuery } from '../../lib/public-config';

/** Builds quote-{id}.pdf in the browser (jsPDF loads on the first click) and tracks its progress. */
export function useQuotePdf(quote: Quote) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const download = async () => {
    if (state === 'busy') return;
    setState('busy');
    try {
      const config = await queryClient.ensureQueryData(publicConfigQuery);
      await downloadQuotePdf(quote, config.company, toLocale(i18n.resolvedLanguage));
      setState('idle');
    } catch (err) {
      console.error(`Quote ${quote.id}: the PDF could not be created`, err);
      setState('failed');
    }
  };

  return { download, busy: state === 'busy', failed: state === 'failed' };
}
