import { useTranslation } from 'react-i18next';
import { readable, type Wording } from './audit-values';

/** The columns a quote's line items carry in the audit log, in reading order (others are left out: ids, keys, positions). */
const COLUMNS = ['description', 'quantity', 'unitPrice', 'lineTotal', 'optional'] as const;

/** A list of records (a quote's line items): a table, not a line of JSON. */
export const isRecordList = (value: unknown): value is Record<string, unknown>[] =>
  Array.isArray(value) && value.length > 0 && value.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v));

export function LineItemsTable({ rows, caption, wording }: { rows: Record<string, unknown>[]; caption: string; wording: Wording }) {
  const { t } = useTranslation('audit');
  const columns = COLUMNS.filter((column) => rows.some((row) => column in row));
  return (
    <table className="audit-lines">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {t(`lineColumns.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {columns.map((column) => (
              <td key={column}>{readable(row[column], wording)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
