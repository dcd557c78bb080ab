import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies text to the clipboard and says so (or that it could not: the text is on screen to copy by hand). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch (err) {
      console.warn('copy to the clipboard refused', err);
      setOutcome('failed');
    }
  };

  return (
    <span className="copy">
      <button type="button" className="button secondary" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className={outcome === 'failed' ? 'copy-outcome error' : 'copy-outcome'}>
        {outcome ? t(`copy.${outcome}`) : ''}
      </span>
    </span>
  );
}
