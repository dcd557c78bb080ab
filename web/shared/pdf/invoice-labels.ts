import type { Locale } from '../../../contracts/locale';

/** The invoice PDF's own words (contract-spec §3), in both languages; the letterhead's and footer's are labels.ts'. */
export const invoiceLabels = {
  en: {
    title: 'Invoice',
    billTo: 'Bill to',
    status: 'Status',
    issued: 'Issued',
    due: 'Due',
    workOrder: (id: number) => `Work Order #${id}`,
    quote: (id: number) => `Quote #${id}`,
    forWork: 'For',
    kind: { deposit: 'Deposit', progress: 'Progress invoice', final: 'Final invoice' } as Record<string, string>,
    lines: 'Description',
    amount: 'Amount',
    subtotal: 'Subtotal',
    tax: 'Tax',
    total: 'Total',
    paid: 'Paid',
    balanceDue: 'Balance due',
    payments: 'Payments received',
    refund: 'Refund',
    reference: 'Ref.',
    method: { check: 'Check', cash: 'Cash', bank_transfer: 'Bank transfer', card_other: 'Card (other)', online: 'Online' } as Record<
      string,
      string
    >,
    voidReason: 'Reason',
    howToPay: 'How to pay',
    payByCheck: (company: string, address: string) =>
      `By check payable to ${company}, mailed to ${address}; or by bank transfer (ask the office for the account details). Please write the invoice number on your payment.`,
    status_: {} as Record<string, string>,
  },
  es: {
    title: 'Factura',
    billTo: 'Facturar a',
    status: 'Estado',
    issued: 'Emitida',
    due: 'Vence',
    workOrder: (id: number) => `Orden de trabajo #${id}`,
    quote: (id: number) => `Cotización #${id}`,
    forWork: 'Por',
    kind: { deposit: 'Depósito', progress: 'Factura de avance', final: 'Factura final' } as Record<string, string>,
    lines: 'Descripción',
    amount: 'Importe',
    subtotal: 'Subtotal',
    tax: 'Impuesto',
    total: 'Total',
    paid: 'Pagado',
    balanceDue: 'Saldo pendiente',
    payments: 'Pagos recibidos',
    refund: 'Reembolso',
    reference: 'Ref.',
    method: {
      check: 'Cheque',
      cash: 'Efectivo',
      bank_transfer: 'Transferencia bancaria',
      card_other: 'Tarjeta (otra)',
      online: 'En línea',
    } as Record<string, string>,
    voidReason: 'Motivo',
    howToPay: 'Cómo pagar',
    payByCheck: (company: string, address: string) =>
      `Con cheque a nombre de ${company}, enviado a ${address}; o por transferencia bancaria (pida los datos de la cuenta a la oficina). Escriba el número de la factura en su pago.`,
    status_: {
      Draft: 'Borrador',
      Sent: 'Enviada',
      'Partially Paid': 'Pagada parcialmente',
      Paid: 'Pagada',
      Void: 'Anulada',
      Overdue: 'Vencida',
    } as Record<string, string>,
  },
} satisfies Record<Locale, unknown>;

/** An invoice status in the PDF's language (contract-spec §3); an unknown one as stored. */
export const invoiceStatusLabel = (status: string, locale: Locale): string => invoiceLabels[locale].status_[status] ?? status;
