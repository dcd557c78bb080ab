import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxEntry } from '../../../../contracts/office/inbox';
import { FormMessage } from '../../../shared/components/FormMessage';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { LoadMore } from '../../components/LoadMore';
import { errorText } from '../../lib/error-text';
import { useInbox } from './api/list-inbox';
import { useMarkInboxEntryDone } from './api/mark-inbox-done';
import { InboxEntryCard, inboxEntryHeadingId } from './InboxEntryCard';

/** 'Inbox' (/office): what needs the office, newest first; each entry opens its record and can be marked 'Done'. */
export function InboxPage() {
  const { t } = useTranslation('inbox');
  const inbox = useInbox();
  const markDone = useMarkInboxEntryDone();
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const entries = inbox.data?.pages.flatMap((page) => page.entries) ?? [];

  const onDone = (entry: InboxEntry) => {
    const index = entries.indexOf(entry);
    const record = t(`record.${entry.record.type}`, { id: entry.record.id });
    setNotice(null);
    markDone.mutate(entry.id, {
      onSuccess: () => {
        setNotice({ kind: 'success', text: t('markedDone', { record }) });
        // The button is gone with its entry: focus the next entry (or the one before, or the page's heading).
        const next = entries[index + 1] ?? entries[index - 1];
        requestAnimationFrame(() => (next ? document.getElementById(inboxEntryHeadingId(next.id)) : heading.current)?.focus());
      },
      onError: (err) => {
        console.error(`Inbox entry ${entry.id} could not be marked done:`, err);
        setNotice({ kind: 'error', text: `${t('doneFailed')} ${errorText(t, err)}` });
      },
    });
  };

  return (
    <>
      <div className="page-header">
        <h1 ref={heading} tabIndex={-1}>
          {t('title')}
        </h1>
      </div>
      <p className="muted">{t('intro')}</p>
      <div aria-live="polite">
        <QueryStatus query={{ ...inbox, data: inbox.data && entries }} ns="inbox" logAs="The inbox could not be loaded:" empty />
      </div>
      {notice && <FormMessage kind={notice.kind}>{notice.text}</FormMessage>}
      {entries.length > 0 && (
        <ul className="list section-tight" aria-label={t('title')}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <InboxEntryCard entry={entry} busy={markDone.isPending && markDone.variables === entry.id} onDone={onDone} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={inbox} />
    </>
  );
}
