import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type Blocker } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * Unsaved changes (the quote editor): leaving asks first when it is a link in the app (LeaveDialog), or
 * the browser does (reload, close). `leaving` set to true lets the editor's own navigation through (after
 * a save).
 */
export function useLeaveGuard(touched: boolean) {
  const leaving = useRef(false);
  const guard = useRef(touched);
  guard.current = touched;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => !leaving.current && guard.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!touched) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [touched]);
  return { leaving, blocker };
}

/** "Leave without saving?" while a link in the app is held back by useLeaveGuard. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation('quotes');
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title={t('editor.leaveTitle')}
      body={<p>{t('editor.leaveBody')}</p>}
      confirmLabel={t('editor.leave')}
      busy={false}
      danger
      onConfirm={() => blocker.proceed()}
      onClose={() => blocker.reset()}
    />
  );
}
