import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../contracts/office/audit';
import { formatDateTime } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { readable, type Wording } from './audit-values';
import { isRecordList, LineItemsTable } from './LineItemsTable';

export { readable, type Wording } from './audit-values';

/**
 * The fields of an entry: each with its value before and after (either may be missing), and whether
 * it changed (a value both sides hold alike is shown once, plainly, not as a change).
 */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>, wording: Wording) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const word = (key: string, value: unknown) =>
    key === 'status' && typeof value === 'string' && wording.status ? wording.status(value) : readable(value, wording);
  return keys.map((key) => {
    const hasBefore = Boolean(entry.before && key in entry.before);
    const hasAfter = Boolean(entry.after && key in entry.after);
    const rawBefore = hasBefore ? entry.before![key] : undefined;
    const rawAfter = hasAfter ? entry.after![key] : undefined;
    return {
      key,
      before: hasBefore ? word(key, rawBefore) : null,
      after: hasAfter ? word(key, rawAfter) : null,
      rawBefore,
      rawAfter,
      changed: !(hasBefore && hasAfter && JSON.stringify(rawBefore) === JSON.stringify(rawAfter)),
    };
  });
}

/** One office action: when, who, what, which record, from where, and its values before → after. */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const locale = useLocale();
  const record = `${t(`entities.${entry.entity}`, { defaultValue: entry.entity })}${entry.entityId ? ` ${entry.entityId}` : ''}`;
  const wording: Wording = {
    yes: t('yes'),
    no: t('no'),
    moment: (iso) => formatDateTime(iso, locale),
    status: (status) => t(`common:status.${status}`, { defaultValue: status }),
  };
  const changes = changesOf(entry, wording);
  /** A side's value: a table for line items, else its words. */
  const show = (key: string, raw: unknown, words: string, side: string) =>
    isRecordList(raw) ? (
      <LineItemsTable rows={raw} caption={`${t(`fields.${key}`, { defaultValue: key })} ${side}`} wording={wording} />
    ) : (
      words
    );
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
          {changes.map(({ key, before, after, rawBefore, rawAfter, changed }) => (
            <li key={key}>
              <strong>{t(`fields.${key}`, { defaultValue: key })}:</strong>{' '}
              {!changed ? (
                <span className="unchanged">
                  {show(key, rawAfter, after!, '')} <span className="muted">({t('unchanged')})</span>
                </span>
              ) : (
                <>
                  {before !== null && (
                    <>
                      <span className="old">
                        <span className="visually-hidden">{t('before')} </span>
                        {show(key, rawBefore, before, t('before'))}
                      </span>
                      {after !== null && <span aria-hidden="true"> → </span>}
                    </>
                  )}
                  {after !== null && (
                    <span className={before !== null ? 'new' : undefined}>
                      {before !== null && <span className="visually-hidden"> {t('after')} </span>}
                      {show(key, rawAfter, after, t('after'))}
                    </span>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
