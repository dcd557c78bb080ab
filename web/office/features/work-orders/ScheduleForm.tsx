import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { scheduleWorkOrderSchema, type OfficeWorkOrder, type ScheduleWorkOrder } from '../../../../contracts/office/work-orders';
import { ApiError } from '../../../shared/api/client';
import { FormMessage } from '../../../shared/components/FormMessage';
import { actionError } from './action-error';
import { useSchedule } from './api/work-order';

type ScheduleField = keyof ScheduleWorkOrder;
type FieldErrors = Partial<Record<ScheduleField, string>>;

/**
 * Which field a refusal of the server belongs to, so it is shown next to it: the codes of
 * domain/work-orders/schedule.ts, and the contract's own checks ("date: …").
 */
export function fieldOfScheduleError(error: ApiError, form: ScheduleWorkOrder): ScheduleField | null {
  switch (error.code) {
    case 'invalid_date':
    case 'window_passed':
      return 'date';
    case 'until_not_after_from':
      return 'until';
    case 'invalid_time':
    case 'time_does_not_exist':
      return error.message.startsWith(form.until) && !error.message.startsWith(form.from) ? 'until' : 'from';
    case 'invalid_request': {
      const field = /^(date|from|until):/.exec(error.message)?.[1];
      return (field as ScheduleField | undefined) ?? null;
    }
    default:
      return null;
  }
}

/** 'Arrival from' / 'Arrival until' on a date, in the company's zone; scheduling again reschedules. */
export function ScheduleForm({ order, timeZone }: { order: OfficeWorkOrder; timeZone: string }) {
  const { t } = useTranslation('workOrder');
  const schedule = useSchedule(order.id);
  const [form, setForm] = useState<ScheduleWorkOrder>({
    date: order.schedule?.date ?? '',
    from: order.schedule?.from ?? '',
    until: order.schedule?.until ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const set = (key: ScheduleField) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setSaved(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The button stays enabled (aria-disabled) while saving, so focus stays on it; a second press waits.
    if (schedule.isPending) return;
    setSaved(false);
    setFormError(null);
    const parsed = scheduleWorkOrderSchema.safeParse(form);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as ScheduleField;
        found[key] ??= t(`scheduleErrors.${key}`);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    schedule.mutate(parsed.data, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        const field = error instanceof ApiError ? fieldOfScheduleError(error, parsed.data) : null;
        const text =
          error instanceof ApiError && error.code === 'time_does_not_exist'
            ? t('errors.time_does_not_exist', {
                time: field === 'until' ? parsed.data.until : parsed.data.from,
                date: parsed.data.date,
                zone: timeZone,
              })
            : error instanceof ApiError && error.code === 'invalid_request' && field
              ? t(`scheduleErrors.${field}`)
              : actionError(t, error);
        if (field) setErrors({ [field]: text });
        else setFormError(text);
      },
    });
  };

  const zoneHint = t('schedule.zoneHint', { zone: timeZone });
  return (
    <form
      className="form schedule-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={order.schedule ? t('schedule.reschedule') : t('schedule.submit')}
    >
      <div className="schedule-fields">
        <ErrorField label={t('schedule.date')} type="date" value={form.date} onChange={set('date')} error={errors.date} required />
        <ErrorField
          label={t('schedule.from')}
          hint={zoneHint}
          type="time"
          value={form.from}
          onChange={set('from')}
          error={errors.from}
          required
        />
        <ErrorField
          label={t('schedule.until')}
          hint={zoneHint}
          type="time"
          value={form.until}
          onChange={set('until')}
          error={errors.until}
          required
        />
      </div>
      <FormMessage kind="error">{formError}</FormMessage>
      {saved && <FormMessage kind="success">{t('schedule.saved')}</FormMessage>}
      <div className="actions">
        <button type="submit" className="button primary" aria-disabled={schedule.isPending} aria-busy={schedule.isPending}>
          {schedule.isPending ? t('saving') : order.schedule ? t('schedule.reschedule') : t('schedule.submit')}
        </button>
      </div>
    </form>
  );
}

interface ErrorFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  error?: string | undefined;
}

/** A labelled input with its hint and, when there is one, its error right under it (announced, and tied to the input). */
function ErrorField({ label, hint, error, ...input }: ErrorFieldProps) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={described} aria-invalid={error ? true : undefined} {...input} />
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
