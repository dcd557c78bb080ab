import { getQuote } from '../../../../contracts/customer/quotes';
import { getWorkOrder, type WorkOrder } from '../../../../contracts/customer/work-orders';
import type { Locale } from '../../../../contracts/locale';
import { callEndpoint } from '../../../shared/api/client';
import { formatMoney } from '../../../shared/format';
import type { WorkOrderPdfInput } from '../../../shared/pdf';
import { formatQuantity } from '../../../shared/pdf/quote-figures';
import { lineChoice, versionFigures } from '../../../shared/quotes/figures';
import { scheduleValues } from '../../../shared/schedule-text';
import { shownSchedule } from './shown-schedule';

/**
 * What the work order summary prints besides the list's fields (issue 22): the visit ('{date},
 * {from}–{until}'), the lines and signed total of the quote it came from, and the notes the office
 * made visible; read on the click (GET /api/work-orders/:id, and the quote's page when linked).
 */
export async function workOrderPdfInput(order: WorkOrder, locale: Locale): Promise<WorkOrderPdfInput> {
  const detail = await callEndpoint(getWorkOrder, { params: { id: order.id } });
  const schedule = shownSchedule(detail.workOrder);
  const values = schedule ? scheduleValues(schedule, locale) : null;
  const notes = detail.timeline.filter((e) => e.kind === 'note' && e.body).map((e) => ({ at: e.at, body: e.body! }));
  let quote: WorkOrderPdfInput['quote'] = null;
  if (detail.workOrder.quoteId) {
    const q = await callEndpoint(getQuote, { params: { id: detail.workOrder.quoteId } });
    if (q.version) {
      const { version, decision } = q;
      const lines = version.lines
        .filter((line) => lineChoice(line, decision) !== 'notChosen')
        .map((line) => ({
          description: line.description,
          amount: `${formatQuantity(line.quantity, locale)} × ${formatMoney(line.unitPrice, locale)} = ${formatMoney(line.lineTotal, locale)}`,
        }));
      quote = { id: q.id, lines, total: versionFigures(version, decision).total };
    } else {
      quote = { id: q.id, lines: [], total: q.total };
    }
  }
  return {
    ...detail.workOrder,
    visit: values && schedule ? `${values.date}, ${values.from}–${values.until} (${schedule.timeZone})` : null,
    quote,
    notes,
  };
}
