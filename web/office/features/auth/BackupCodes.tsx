import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyButton } from '../../components/CopyButton';
import { officePages } from '../../../../contracts/pages';

/**
 * Set-up step 3 of 3: the ten 'Backup codes', shown this once. Copy, print or download them; then
 * "I saved them, continue to sign-in". Printing prints the codes alone (print styles in styles.css).
 */
export function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('auth');
  const heading = useRef<HTMLHeadingElement>(null);
  const asText = codes.join('\n');

  useEffect(() => heading.current?.focus(), []);

  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t('setup.backupTitle')}\n\n${asText}\n`], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'office-backup-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section className="backup-codes" aria-labelledby="backup-codes-title">
      <p className="form-message success" role="status">
        {t('setup.finished')}
      </p>
      <h2 id="backup-codes-title" ref={heading} tabIndex={-1}>
        {t('setup.backupTitle')}
      </h2>
      <p>{t('setup.backupIntro')}</p>
      <ol className="code-list" aria-labelledby="backup-codes-title">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="actions no-print">
        <CopyButton text={asText} label={t('setup.copyCodes')} />
        <button type="button" className="button secondary" onClick={() => window.print()}>
          {t('setup.print')}
        </button>
        <button type="button" className="button secondary" onClick={download}>
          {t('setup.download')}
        </button>
      </div>
      <p className="no-print">
        <Link to={officePages.login.href()} className="button primary">
          {t('setup.done')}
        </Link>
      </p>
    </section>
  );
}
