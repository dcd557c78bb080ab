import { useTranslation } from 'react-i18next';
import type { ChangeLineView, ContractLineView } from '../../../../contracts/change-order-document';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { formatQuantity } from '../../../shared/pdf/quote-figures';

function Figures({ line }: { line: ContractLineView }) {
  const locale = useLocale();
  return (
    <span className="muted">
      {formatQuantity(line.quantity, locale)} × {formatMoney(line.unitPrice, locale)} = {formatMoney(line.lineTotal, locale)}
    </span>
  );
}

/** 'What changed' against the contract before the change order: added, removed, changed (old → new). */
export function ChangeLinesView({ lines }: { lines: readonly ChangeLineView[] }) {
  const { t } = useTranslation('changeOrders');
  return (
    <div className="change-lines">
      <h3>{t('whatChanged')}</h3>
      {lines.length === 0 && <p className="muted">{t('noLineChanged')}</p>}
      {(['added', 'removed', 'changed'] as const).map((kind) => {
        const list = lines.filter((l) => l.change === kind);
        return list.length === 0 ? null : (
          <div key={kind} className="change-group" data-kind={kind}>
            <h4>{t(`change.${kind}`)}</h4>
            <ul>
              {list.map((line) => (
                <li key={line.key}>
                  <strong>{line.description}</strong>{' '}
                  {kind === 'changed' && line.old ? (
                    <>
                      <del>
                        <Figures line={line.old} />
                      </del>{' '}
                      →{' '}
                      <ins>
                        <Figures line={line} />
                      </ins>
                    </>
                  ) : (
                    <Figures line={line} />
                  )}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
