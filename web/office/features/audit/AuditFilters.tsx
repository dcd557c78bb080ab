import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeAuditFilter } from '../../lib/query-keys';
import { Field } from '../../../shared/components/Field';
import { SelectField } from '../../components/SelectField';

export const auditEntities = ['user', 'customer', 'quote', 'work_order', 'inbox'] as const;

/**
 * Person (e-mail), record (kind and id), days from/to: applied together, kept in the URL. The days are
 * whole days of the company's time zone (the server's answer names it).
 */
export function AuditFilters({
  value,
  onApply,
  timeZone,
}: {
  value: OfficeAuditFilter;
  onApply: (filter: OfficeAuditFilter) => void;
  timeZone?: string | undefined;
}) {
  const { t } = useTranslation('audit');
  const [form, setForm] = useState({
    actor: value.actor ?? '',
    entity: value.entity ?? '',
    entityId: value.entityId ?? '',
    from: value.from ?? '',
    to: value.to ?? '',
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim() !== '')) as OfficeAuditFilter);
  };
  const clear = () => {
    setForm({ actor: '', entity: '', entityId: '', from: '', to: '' });
    onApply({});
  };

  return (
    <form className="card form" role="search" aria-label={t('filters.title')} onSubmit={onSubmit}>
      <div className="form-grid">
        <Field label={t('filters.actor')} type="email" maxLength={254} autoComplete="off" value={form.actor} onChange={set('actor')} />
        <SelectField
          label={t('filters.entity')}
          value={form.entity}
          options={[{ value: '', label: t('filters.anyRecord') }, ...auditEntities.map((e) => ({ value: e, label: t(`entities.${e}`) }))]}
          onChange={set('entity')}
        />
        <Field label={t('filters.entityId')} maxLength={64} autoComplete="off" value={form.entityId} onChange={set('entityId')} />
        <Field
          label={t('filters.from')}
          hint={timeZone ? t('filters.daysIn', { zone: timeZone }) : undefined}
          type="date"
          value={form.from}
          max={form.to || undefined}
          onChange={set('from')}
        />
        <Field label={t('filters.to')} type="date" value={form.to} min={form.from || undefined} onChange={set('to')} />
      </div>
      <div className="actions">
        <button type="submit" className="button primary">
          {t('filters.apply')}
        </button>
        <button type="button" className="button secondary" onClick={clear}>
          {t('filters.clear')}
        </button>
      </div>
    </form>
  );
}
