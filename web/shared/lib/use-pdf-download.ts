import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Locale } from '../../../contracts/locale';
import { useLocale } from '../i18n/use-locale';
import type { PdfCustomer, PdfSetup } from '../pdf/render';
import { publicConfigQuery } from './public-config';

type Build = (setup: PdfSetup, locale: Locale) => Promise<void>;

/**
 * Both apps' PDF button click: fetches the company details and paper (GET /api/config) if they are
 * not cached yet (so a failed /api/config earlier does not disable the button for good) and whom the
 * PDF is for (`customer`), builds and saves the PDF (`build` loads the PDF code itself: none of it is
 * imported here), and tracks busy / failed. A failure is logged with `context` and stays shown until
 * the next click.
 */
export function usePdfDownload(build: Build, customer: (queryClient: QueryClient) => Promise<PdfCustomer | null>, context: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const download = async () => {
    if (state === 'busy') return;
    setState('busy');
    try {
      const [config, whom] = await Promise.all([queryClient.ensureQueryData(publicConfigQuery), customer(queryClient)]);
      await build({ company: config.company, customer: whom, paperSize: config.pdfPaperSize ?? 'letter' }, locale);
      setState('idle');
    } catch (err) {
      console.error(`${context}: the PDF could not be created`, err);
      setState('failed');
    }
  };

  return { download, busy: state === 'busy', failed: state === 'failed' };
}
