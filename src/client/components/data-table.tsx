import type { ReactNode } from 'react';

/** A column's head: its text, and whether it holds numbers (set to the right). */
type Column = string | { label: string; number: true };

/** A table that scrolls sideways on a narrow screen: the heads of its columns, and its rows as children. */
export function DataTable({ columns, children }: { columns: Column[]; children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table className="table">
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" className="table__number">
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
