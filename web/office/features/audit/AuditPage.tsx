import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { OfficeAuditFilter } from '../../lib/query-keys';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { LoadMore } from '../../components/LoadMore';
import { auditFilterFrom, useAudit } from './api/list-audit';
import { AuditEntryCard } from './AuditEntryCard';
import { AuditFilters } from './AuditFilters';

/** 'Audit log' (/office/audit): every office action, newest first, by person, record and days. */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const [params, setParams] = useSearchParams();
  const filter = auditFilterFrom(params);
  const audit = useAudit(filter);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];

  const apply = (next: OfficeAuditFilter) => setParams(new URLSearchParams(next as Record<string, string>));

  return (
    <>
      <h1>{t('title')}</h1>
      <AuditFilters key={params.toString()} value={filter} onApply={apply} timeZone={audit.data?.pages[0]?.timeZone} />
      <div aria-live="polite" className="section-tight">
        <QueryStatus query={{ ...audit, data: audit.data && entries }} ns="audit" logAs="The audit log could not be loaded:" empty />
      </div>
      {entries.length > 0 && (
        <ul className="list" aria-label={t('entries')}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <AuditEntryCard entry={entry} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={audit} />
    </>
  );
}
