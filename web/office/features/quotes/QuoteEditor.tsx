import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { quoteDraftSchema, type OfficeQuote } from '../../../../contracts/office/quotes';
import { FormMessage } from '../../../shared/components/FormMessage';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { officePages } from '../../../../contracts/pages';
import { useSaveQuote } from './api/quote-actions';
import { CustomerPicker, customerLabel, type PickedCustomer } from './CustomerPicker';
import { depositValid, draftBody, fieldErrors, formSnapshot, liveTotals, type EditorForm } from './editor-form';
import { EditorField, EditorTextArea } from './EditorField';
import { LeaveDialog, useLeaveGuard } from './LeaveGuard';
import { LineItemsEditor } from './LineItemsEditor';
import { QuoteFigures } from './QuoteFigures';
import { QuoteProperty } from './QuoteProperty';
import { QuoteRequestCard } from './QuoteRequestCard';
import { fieldMessage, quoteErrorText, saveFailure } from './quote-errors';

export interface QuoteEditorProps {
  /** Unset for a new quote. */
  quote?: OfficeQuote;
  version?: number;
  initialForm: EditorForm;
  /** A new quote's customer, once picked (an existing quote keeps its own). */
  initialCustomer: PickedCustomer | null;
}

/**
 * The quote editor: customer, description, lines, tax and valid-until of a draft version, saved or
 * saved and sent; leaving with unsaved changes asks first (NewQuotePage and EditQuotePage show it).
 */
export function QuoteEditor({ quote, version, initialForm, initialCustomer }: QuoteEditorProps) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  const navigate = useNavigate();
  const { state } = useLocation();
  const save = useSaveQuote();
  const [form, setForm] = useState(initialForm);
  const [customer, setCustomer] = useState(initialCustomer);
  const [baseline, setBaseline] = useState(() => formSnapshot(initialForm));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(
    (state as { error?: string } | null)?.error ? { kind: 'error', text: (state as { error: string }).error } : null,
  );
  const [confirmSend, setConfirmSend] = useState(false);
  const dirty = !quote || formSnapshot(form) !== baseline;
  const touched = quote ? dirty : formSnapshot(form) !== formSnapshot(initialForm) || customer !== null;
  const totals = liveTotals(form.lines, form.taxRate);

  // Unsaved changes: leaving the editor asks first (a link in the app), or the browser does (reload, close).
  const { leaving, blocker } = useLeaveGuard(touched);

  /** A field typed in: its message (and, for a moved or removed line, every line's) is out of date. */
  const edited = (field: string) =>
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([k]) => k !== field && !(field === 'lines' && k.startsWith('lines')))),
    );
  const set =
    <K extends keyof EditorForm>(key: K) =>
    (value: EditorForm[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      if (key !== 'lines') edited(key);
      setMessage(null);
    };

  /** The contract's checks before anything is sent (the same schema the server runs). */
  const check = (): boolean => {
    const result = quoteDraftSchema.safeParse(draftBody(form));
    const next = result.success ? {} : fieldErrors(result.error.issues);
    if (!quote && !customer) next.customerId = 'customer';
    if (!depositValid(form.depositPercent)) next.depositPercent = 'Deposit: 0 to 100 %.';
    setErrors(
      Object.fromEntries(Object.entries(next).map(([k, m]) => [k, k === 'customerId' ? t('editor.customerRequired') : fieldMessage(t, m)])),
    );
    if (Object.keys(next).length) setMessage({ kind: 'error', text: t('editor.checkFields') });
    return Object.keys(next).length === 0;
  };

  const run = (send: boolean) => {
    setMessage(null);
    save.mutate(
      { id: quote?.id, customerId: customer?.id, draft: draftBody(form), dirty, send },
      {
        onSuccess: ({ quote: saved, sent, sendError }) => {
          setErrors({});
          setConfirmSend(false);
          const draftVersion = saved.versions.find((v) => v.version === saved.draftVersion);
          if (sent) {
            leaving.current = true;
            void navigate(officePages.quote.href(saved.id), { state: { sent: true } });
            return;
          }
          const failure = sendError === undefined ? null : quoteErrorText(t, sendError);
          if (!quote) {
            // Created: the editor goes on at the quote's own address.
            leaving.current = true;
            void navigate(officePages.editQuote.href(saved.id), { replace: true, state: failure ? { error: failure } : { saved: true } });
            return;
          }
          // New lines got their keys on the server: keep them, so the next save changes nothing it need not.
          const synced = { ...form, lines: form.lines.map((l, i) => ({ ...l, key: draftVersion?.lines[i]?.key ?? l.key })) };
          setForm(synced);
          setBaseline(formSnapshot(synced));
          setMessage(failure ? { kind: 'error', text: failure } : { kind: 'success', text: t('editor.saved') });
        },
        onError: (error) => {
          setConfirmSend(false);
          const failure = saveFailure(t, error);
          setErrors(failure.fields);
          setMessage({ kind: 'error', text: failure.message });
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (check()) run(false);
  };

  const savedNotice = (state as { saved?: boolean } | null)?.saved && !message && !dirty;
  const title = quote && version ? t('editor.editTitle', { id: quote.id, version }) : t('editor.newTitle');
  const busy = save.isPending;

  return (
    <>
      <p className="breadcrumb">
        <Link to={quote ? officePages.quote.href(quote.id) : officePages.quotes.href()}>
          {quote ? t('detail.title', { id: quote.id }) : t('back')}
        </Link>
      </p>
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      {quote?.request && <QuoteRequestCard request={quote.request} />}
      {quote && <QuoteProperty quote={quote} />}
      <form className="form quote-editor" onSubmit={onSubmit} noValidate aria-label={title}>
        {quote ? (
          <div className="field">
            <span className="field-label">{t('editor.customer')}</span>
            <strong>{customerLabel(quote.customer)}</strong>
          </div>
        ) : (
          <CustomerPicker
            value={customer}
            disabled={busy}
            error={errors.customerId}
            onChange={(c) => {
              setCustomer(c);
              setErrors(({ customerId: _, ...rest }) => rest);
            }}
          />
        )}
        <EditorTextArea
          label={t('editor.description')}
          value={form.description}
          maxLength={4000}
          rows={3}
          disabled={busy}
          error={errors.description}
          onChange={(e) => set('description')(e.target.value)}
        />
        <LineItemsEditor lines={form.lines} onChange={set('lines')} errors={errors} disabled={busy} onEdited={edited} />
        <div className="form-grid quote-editor-terms">
          <EditorField
            label={t('editor.taxRate')}
            hint={t('editor.taxRateHint')}
            inputMode="decimal"
            autoComplete="off"
            value={form.taxRate}
            disabled={busy}
            error={errors.taxRate}
            onChange={(e) => set('taxRate')(e.target.value)}
          />
          <EditorField
            label={t('editor.validUntil')}
            type="date"
            value={form.validUntil}
            disabled={busy}
            error={errors.validUntil}
            onChange={(e) => set('validUntil')(e.target.value)}
          />
          <EditorField
            label={t('editor.deposit')}
            hint={t('editor.depositHint')}
            inputMode="numeric"
            autoComplete="off"
            value={form.depositPercent}
            disabled={busy}
            error={errors.depositPercent}
            onChange={(e) => set('depositPercent')(e.target.value)}
          />
        </div>
        <EditorTextArea
          label={t('editor.terms')}
          value={form.terms}
          maxLength={10_000}
          rows={4}
          disabled={busy}
          error={errors.terms}
          onChange={(e) => set('terms')(e.target.value)}
        />
        <section className="card quote-editor-figures" aria-label={t('editor.total')}>
          <QuoteFigures totals={totals} taxRate={form.taxRate} live />
          <p className="muted">{totals ? t('editor.optionalNote') : t('editor.figuresPending')}</p>
        </section>
        {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
        {savedNotice && <FormMessage kind="success">{t('editor.saved')}</FormMessage>}
        <div className="actions">
          <button type="submit" className="button secondary" disabled={busy} aria-busy={busy && !confirmSend}>
            {busy && !confirmSend ? t('editor.saving') : t('editor.saveDraft')}
          </button>
          <button type="button" className="button primary" disabled={busy} onClick={() => check() && setConfirmSend(true)}>
            {t('editor.send')}
          </button>
          <Link className="button secondary" to={quote ? officePages.quote.href(quote.id) : officePages.quotes.href()}>
            {t('editor.cancelEdit')}
          </Link>
        </div>
      </form>
      {confirmSend && (
        <ConfirmDialog
          title={t('editor.sendTitle')}
          body={
            <p>
              {t(quote ? 'editor.sendBody' : 'editor.sendBodyNew', {
                customer: customerLabel(quote?.customer ?? customer ?? { name: null, email: '' }),
                total: totals ? formatMoney(totals.total, locale) : '—',
              })}
            </p>
          }
          confirmLabel={busy ? t('editor.sending') : t('editor.send')}
          busy={busy}
          onConfirm={() => run(true)}
          onClose={() => setConfirmSend(false)}
        />
      )}
      <LeaveDialog blocker={blocker} />
    </>
  );
}
