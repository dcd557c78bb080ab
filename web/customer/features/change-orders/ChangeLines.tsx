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

/** 'What changed' against the contract as it stood before the change order: lines added, removed and changed (old → new). */
export function ChangeLines({ lines, headingLevel = 3 }: { lines: ChangeLineView[]; headingLevel?: 3 | 4 }) {
  const { t } = useTranslation('changeOrders');
  const Heading = `h${headingLevel}` as const;
  const Sub = `h${headingLevel + 1}` as 'h4' | 'h5';
  const groups = (['added', 'removed', 'changed'] as const).map((kind) => [kind, lines.filter((l) => l.change === kind)] as const);
  return (
    <div className="change-lines">
      <Heading>{t('whatChanged')}</Heading>
      {lines.length === 0 && <p className="muted">{t('noLineChanged')}</p>}
      {groups.map(([kind, list]) =>
        list.length === 0 ? null : (
          <div key={kind} className="change-group" data-kind={kind}>
            <Sub>{t(`change.${kind}`)}</Sub>
            <ul>
              {list.map((line) => (
                <li key={line.key}>
                  <span className="change-line-name">{line.description}</span>{' '}
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
        ),
      )}
    </div>
  );
}
