import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeChangeOrder } from '../../../../contracts/office/change-orders';
import { applyChangeOrder, changeLinesBetween, changeOrderFigures, contractSubtotal } from '../../../../domain/change-orders/contract';
import { MONEY_INPUT_PATTERN, QUANTITY_PATTERN } from '../../../../domain/money';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { changeOrderErrorText as errorText } from './change-order-errors';
import { useSaveChangeOrderDraft, useSendChangeOrder } from './api/change-orders';
import { ChangeLinesView } from './ChangeLinesView';

interface EditedLine {
  /** The contract line's key; absent for a line added here (the server gives it one). */
  key?: string;
  /** A key for React only. */
  rowId: string;
  description: string;
  quantity: string;
  unitPrice: string;
}

let nextRow = 0;
const rowId = () => `row-${++nextRow}`;

/**
 * The change order editor: it starts from the contract as it stands (the signed version's required
 * and chosen lines, plus approved change orders) with this draft's changes on top; lines are added,
 * removed or repriced, and the preview shows what changed, the amount and the contract total old → new
 * with the same rules the server stores (domain/change-orders). 'Send to customer' asks first: it freezes it.
 */
export function ChangeOrderEditor({ data }: { data: OfficeChangeOrder }) {
  const { t } = useTranslation('changeOrders');
  const locale = useLocale();
  const ids = { reason: useId(), days: useId(), answerBy: useId() };
  const order = data.changeOrder;
  const [lines, setLines] = useState<EditedLine[]>(() =>
    applyChangeOrder(data.contractLines, order.lines).map((l) => ({
      key: l.key,
      rowId: rowId(),
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    })),
  );
  const [reason, setReason] = useState(order.reason);
  const [addedDays, setAddedDays] = useState(String(order.addedDays));
  const [answerBy, setAnswerBy] = useState(order.answerBy ?? '');
  const [confirming, setConfirming] = useState(false);
  const save = useSaveChangeOrderDraft(order.id);
  const send = useSendChangeOrder(order.id);

  const valid = lines.every(
    (l) => l.description.trim() && QUANTITY_PATTERN.test(l.quantity.trim()) && MONEY_INPUT_PATTERN.test(l.unitPrice.trim()),
  );
  const preview = useMemo(() => {
    if (!valid) return null;
    const changes = changeLinesBetween(
      data.contractLines,
      lines.map((l) => ({
        key: l.key ?? l.rowId,
        description: l.description.trim(),
        quantity: l.quantity.trim(),
        unitPrice: l.unitPrice.trim(),
      })),
    );
    return { changes, figures: changeOrderFigures(contractSubtotal(data.contractLines), data.taxRate, changes) };
  }, [valid, lines, data.contractLines, data.taxRate]);

  const update = (row: string, patch: Partial<EditedLine>) => setLines((all) => all.map((l) => (l.rowId === row ? { ...l, ...patch } : l)));
  const draft = () => ({
    reason,
    addedDays: Number(addedDays || '0'),
    answerBy: answerBy || null,
    lines: lines.map(({ key, description, quantity, unitPrice }) => ({ key, description, quantity, unitPrice })),
  });
  const onSave = () => save.mutate(draft());
  const onSend = () => save.mutate(draft(), { onSuccess: () => send.mutate(undefined, { onSuccess: () => setConfirming(false) }) });
  const problem = save.error ?? send.error;

  return (
    <form
      className="section change-order-editor"
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
      noValidate
    >
      <h2>{t('editor.lines')}</h2>
      <table className="change-order-lines">
        <thead>
          <tr>
            <th scope="col">{t('editor.description')}</th>
            <th scope="col">{t('editor.quantity')}</th>
            <th scope="col">{t('editor.unitPrice')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('editor.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={line.rowId}>
              <td>
                <input
                  aria-label={t('editor.descriptionOf', { n: index + 1 })}
                  value={line.description}
                  maxLength={500}
                  onChange={(e) => update(line.rowId, { description: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={t('editor.quantityOf', { n: index + 1 })}
                  inputMode="decimal"
                  value={line.quantity}
                  onChange={(e) => update(line.rowId, { quantity: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={t('editor.unitPriceOf', { n: index + 1 })}
                  inputMode="decimal"
                  value={line.unitPrice}
                  onChange={(e) => update(line.rowId, { unitPrice: e.target.value })}
                />
              </td>
              <td>
                <button
                  type="button"
                  className="button secondary"
                  aria-label={t('editor.removeLine', { description: line.description || index + 1 })}
                  onClick={() => setLines((all) => all.filter((l) => l.rowId !== line.rowId))}
                >
                  {t('editor.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <button
          type="button"
          className="button secondary"
          onClick={() => setLines((all) => [...all, { rowId: rowId(), description: '', quantity: '1', unitPrice: '0.00' }])}
        >
          {t('editor.addLine')}
        </button>
      </p>
      {!valid && <p className="form-message error">{t('editor.invalidLines')}</p>}

      <div className="change-order-fields">
        <div className="field">
          <label htmlFor={ids.reason}>{t('reason')}</label>
          <textarea id={ids.reason} value={reason} maxLength={4000} onChange={(e) => setReason(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.days}>{t('addedDays')}</label>
          <input
            id={ids.days}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={addedDays}
            onChange={(e) => setAddedDays(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.answerBy}>{t('answerBy')}</label>
          <input id={ids.answerBy} type="date" value={answerBy} onChange={(e) => setAnswerBy(e.target.value)} />
        </div>
      </div>

      {preview && (
        <div className="change-order-preview" aria-live="polite">
          <ChangeLinesView lines={preview.changes} />
          <p>
            {t('amount')}: <strong data-testid="editor-amount">{formatMoney(preview.figures.amount, locale)}</strong>
          </p>
          <p className="contract-change" data-testid="editor-contract-change">
            {t('contractTotal', {
              old: formatMoney(preview.figures.totalBefore, locale),
              new: formatMoney(preview.figures.totalAfter, locale),
            })}
          </p>
        </div>
      )}
      {problem && !confirming && (
        <p className="form-message error" role="alert">
          {errorText(t, problem)}
        </p>
      )}
      {save.isSuccess && !send.isPending && !problem && (
        <p className="form-message success" role="status">
          {t('editor.saved')}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button secondary" disabled={save.isPending || !valid}>
          {t('editor.save')}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={save.isPending || send.isPending || !valid}
          onClick={() => setConfirming(true)}
        >
          {t('editor.send')}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('editor.confirmTitle', { n: order.number, id: order.quoteId })}
          body={<p>{t('editor.confirmBody', { email: data.customer.email })}</p>}
          confirmLabel={t('editor.send')}
          busy={save.isPending || send.isPending}
          error={problem ? errorText(t, problem) : null}
          onConfirm={onSend}
          onClose={() => setConfirming(false)}
        />
      )}
    </form>
  );
}
