import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../contracts/office/audit';
import { formatDateTime } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** How the page words a yes/no and a moment (the language's). */
export interface Wording {
  yes: string;
  no: string;
  moment: (iso: string) => string;
  /** A quote's or work order's status in the page's language ("Pending" reads "Pendiente" in Spanish). */
  status?: (status: string) => string;
}

/** A value of before/after as a person reads it: text as it is, a moment and yes/no in words, nothing as a dash, the rest as JSON. */
export function readable(value: unknown, wording: Wording): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? wording.yes : wording.no;
  if (typeof value === 'string') return ISO_MOMENT.test(value) ? wording.moment(value) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** The fields an entry changed: each with its value before and after (either may be missing). */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>, wording: Wording) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const word = (key: string, value: unknown) =>
    key === 'status' && typeof value === 'string' && wording.status ? wording.status(value) : readable(value, wording);
  return keys.map((key) => ({
    key,
    before: entry.before && key in entry.before ? word(key, entry.before[key]) : null,
    after: entry.after && key in entry.after ? word(key, entry.after[key]) : null,
  }));
}

/** One office action: when, who, what, which record, from where, and its values before → after. */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const locale = useLocale();
  const record = `${t(`entities.${entry.entity}`, { defaultValue: entry.entity })}${entry.entityId ? ` ${entry.entityId}` : ''}`;
  const changes = changesOf(entry, {
    yes: t('yes'),
    no: t('no'),
    moment: (iso) => formatDateTime(iso, locale),
    status: (status) => t(`common:status.${status}`, { defaultValue: status }),
  });
  return (
    <article className="card audit-entry">
      <h2 className="audit-title">
        {t(`actions.${entry.action}`, { defaultValue: entry.action })} · {record}
      </h2>
      <dl className="facts">
        <div>
          <dt>{t('when')}</dt>
          <dd>
            <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('who')}</dt>
          <dd>{entry.actorEmail === 'command-line' ? t('commandLine') : (entry.actorEmail ?? '—')}</dd>
        </div>
        {entry.ip && (
          <div>
            <dt>{t('address')}</dt>
            <dd>{entry.ip}</dd>
          </div>
        )}
      </dl>
      {changes.length > 0 && (
        <ul className="changes" aria-label={t('changes')}>
          {changes.map(({ key, before, after }) => (
            <li key={key}>
              <strong>{t(`fields.${key}`, { defaultValue: key })}:</strong>{' '}
              {before !== null && (
                <>
                  <span className="old">
                    <span className="visually-hidden">{t('before')} </span>
                    {before}
                  </span>
                  {after !== null && <span aria-hidden="true"> → </span>}
                </>
              )}
              {after !== null && (
                <span className={before !== null ? 'new' : undefined}>
                  {before !== null && <span className="visually-hidden"> {t('after')} </span>}
                  {after}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
