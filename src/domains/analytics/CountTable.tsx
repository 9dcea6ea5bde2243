import type { ReactNode } from 'react';
import { formatNumber } from '../../lib/format.ts';

export interface CountTableProps {
  /** The table's visible title (its caption). */
  title: string;
  /** Header of the first column, then of each number column. */
  columns: readonly [string, ...string[]];
  rows: readonly { key: string; label: ReactNode; values: readonly number[] }[];
  empty: string;
  language: string;
  testId?: string;
}

/** A small breakdown: one labelled row per item with its counts. */
export function CountTable({ title, columns, rows, empty, language, testId }: CountTableProps) {
  const [first, ...numbers] = columns;
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <caption className="mb-2 text-start text-base font-semibold">{title}</caption>
      <thead>
        <tr className="border-b">
          <th scope="col" className="py-1.5 pe-3 text-start font-medium">
            {first}
          </th>
          {numbers.map((column) => (
            <th key={column} scope="col" className="py-1.5 ps-3 text-end font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="py-3 text-muted-foreground">
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.key} className="border-b last:border-0">
              <th scope="row" className="py-1.5 pe-3 text-start font-normal break-all">
                {row.label}
              </th>
              {row.values.map((value, index) => (
                <td key={columns[index + 1]} className="py-1.5 ps-3 text-end tabular-nums">
                  {formatNumber(value, language)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
