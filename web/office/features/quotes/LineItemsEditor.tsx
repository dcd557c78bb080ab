import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { blankLine, liveLineTotal, moveItem, type EditorLine } from './editor-form';
import { EditorField } from './EditorField';

interface LineItemsEditorProps {
  lines: EditorLine[];
  onChange: (lines: EditorLine[]) => void;
  /** Field errors by "lines.{index}.{field}" (and "lines" for the whole list). */
  errors: Record<string, string>;
  disabled: boolean;
  /** A field was typed in ("lines.0.quantity"), or the lines were moved or removed ("lines"): its message is out of date. */
  onEdited: (field: string) => void;
}

/**
 * The line items: description, quantity, unit price, 'Optional', each line's total as it is typed,
 * and buttons to add, remove and move lines (focus follows the line moved, a polite message says where).
 */
export function LineItemsEditor({ lines, onChange, errors, disabled, onEdited }: LineItemsEditorProps) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  const [announcement, setAnnouncement] = useState('');
  // After a move or a removal, where the focus goes: [rowId, which control].
  const [focusNext, setFocusNext] = useState<[string, string] | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!focusNext) return;
    const [rowId, control] = focusNext;
    const row = list.current?.querySelector<HTMLElement>(`[data-row="${rowId}"]`);
    // A line moved to the top or the bottom: its button that way is disabled, so the focus takes the other one.
    const other = control === 'up' ? 'down' : control === 'down' ? 'up' : control;
    const target =
      row?.querySelector<HTMLElement>(`[data-control="${control}"]:not([disabled])`) ??
      row?.querySelector<HTMLElement>(`[data-control="${other}"]:not([disabled])`) ??
      row?.querySelector('input');
    target?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const update = (index: number, patch: Partial<EditorLine>) => {
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
    for (const field of Object.keys(patch)) onEdited(`lines.${index}.${field}`);
  };
  const move = (index: number, to: number, control: string) => {
    onChange(moveItem(lines, index, to));
    onEdited('lines');
    setAnnouncement(t('editor.lineMoved', { n: to + 1 }));
    setFocusNext([lines[index]!.rowId, control]);
  };
  const remove = (index: number) => {
    const next = lines.filter((_, i) => i !== index);
    onChange(next);
    onEdited('lines');
    setAnnouncement(t('editor.lineRemoved', { n: index + 1 }));
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) setFocusNext([neighbour.rowId, 'description']);
    else setFocusNext(null);
  };
  const add = () => {
    const line = blankLine();
    onChange([...lines, line]);
    setFocusNext([line.rowId, 'description']);
  };

  return (
    <fieldset className="quote-lines" disabled={disabled}>
      <legend>{t('editor.lines')}</legend>
      {lines.length === 0 && <p className="muted">{t('editor.noLines')}</p>}
      <ol ref={list} className="list quote-line-list">
        {lines.map((line, index) => {
          const n = index + 1;
          const total = liveLineTotal(line);
          const err = (field: string) => errors[`lines.${index}.${field}`];
          return (
            <li key={line.rowId} data-row={line.rowId} className="quote-line card">
              <h3 className="quote-line-title">{t('editor.line', { n })}</h3>
              <EditorField
                className="quote-line-description"
                label={t('editor.lineDescription')}
                data-control="description"
                value={line.description}
                maxLength={500}
                autoComplete="off"
                error={err('description')}
                onChange={(e) => update(index, { description: e.target.value })}
                aria-label={`${t('editor.lineDescription')} (${t('editor.line', { n })})`}
              />
              <EditorField
                className="quote-line-number"
                label={t('editor.quantity')}
                inputMode="decimal"
                autoComplete="off"
                value={line.quantity}
                error={err('quantity')}
                onChange={(e) => update(index, { quantity: e.target.value })}
                aria-label={`${t('editor.quantity')} (${t('editor.line', { n })})`}
              />
              <EditorField
                className="quote-line-number"
                label={t('editor.unitPrice')}
                inputMode="decimal"
                autoComplete="off"
                value={line.unitPrice}
                error={err('unitPrice')}
                onChange={(e) => update(index, { unitPrice: e.target.value })}
                aria-label={`${t('editor.unitPrice')} (${t('editor.line', { n })})`}
              />
              <label className="quote-line-optional">
                <input
                  type="checkbox"
                  checked={line.optional}
                  onChange={(e) => update(index, { optional: e.target.checked })}
                  aria-label={`${t('editor.optional')} (${t('editor.line', { n })})`}
                />
                {t('editor.optional')}
              </label>
              <p className="quote-line-total">
                <span className="muted">{t('editor.lineTotal')}</span>{' '}
                <output aria-label={`${t('editor.lineTotal')} (${t('editor.line', { n })})`}>
                  {total === null ? t('editor.lineTotalPending') : formatMoney(total, locale)}
                </output>
              </p>
              <div className="quote-line-actions">
                <button
                  type="button"
                  className="button secondary small"
                  data-control="up"
                  disabled={index === 0}
                  aria-label={t('editor.moveUp', { n })}
                  title={t('editor.moveUp', { n })}
                  onClick={() => move(index, index - 1, 'up')}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button secondary small"
                  data-control="down"
                  disabled={index === lines.length - 1}
                  aria-label={t('editor.moveDown', { n })}
                  title={t('editor.moveDown', { n })}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  ↓
                </button>
                <button type="button" className="button danger small" onClick={() => remove(index)}>
                  {t('editor.removeLine', { n })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {errors.lines && (
        <p className="field-error" role="alert">
          {errors.lines}
        </p>
      )}
      <button type="button" className="button secondary quote-add-line" onClick={add}>
        {t('editor.addLine')}
      </button>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </fieldset>
  );
}
