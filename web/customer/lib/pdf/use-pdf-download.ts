import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Locale } from '../../../../contracts/locale';
import { useLocale } from '../../../shared/i18n/use-locale';
import { publicConfigQuery } from '../../../shared/lib/public-config';
import { pdfCustomer } from './customer';
import type { PdfSetup } from '../../../shared/pdf/render';

type Build = (setup: PdfSetup, locale: Locale) => Promise<void>;

/**
 * One PDF button's click: fetches the company details and paper (GET /api/config) if they are not
 * cached yet (so a failed /api/config earlier does not disable the button for good) and the customer's
 * profile, builds and saves the PDF, and tracks busy / failed. A failure is logged with `context` and
 * stays shown until the next click.
 */
export function usePdfDownload(build: Build, context: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const download = async () => {
    if (state === 'busy') return;
    setState('busy');
    try {
      const [config, customer] = await Promise.all([queryClient.ensureQueryData(publicConfigQuery), pdfCustomer(queryClient)]);
      await build({ company: config.company, customer, paperSize: config.pdfPaperSize ?? 'letter' }, locale);
      setState('idle');
    } catch (err) {
      console.error(`${context}: the PDF could not be created`, err);
      setState('failed');
    }
  };

  return { download, busy: state === 'busy', failed: state === 'failed' };
}
