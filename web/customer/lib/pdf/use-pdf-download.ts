import type { Locale } from '../../../../contracts/locale';
import { usePdfDownload as useSharedPdfDownload } from '../../../shared/lib/use-pdf-download';
import type { PdfSetup } from '../../../shared/pdf/render';
import { pdfCustomer } from './customer';

/** A portal PDF button's click (web/shared/lib/use-pdf-download.ts), for the signed-in customer's profile. */
export const usePdfDownload = (build: (setup: PdfSetup, locale: Locale) => Promise<void>, context: string) =>
  useSharedPdfDownload(build, pdfCustomer, context);
