import type { ReactNode } from "react";
import { Table, TableBody, TableHead } from "./table.tsx";

// A list shown as a table (the admin's camsites, models, pages, featured models): columns declared once, each
// with its header and how it shows a row, instead of a header row and a body row written out side by side.

export interface Column<Row> {
  /** The column's name; with `hideHeader` it is read by screen readers only (a column of buttons). */
  header: string;
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** The cell that names its row (a <th scope="row">). */
  rowHeader?: boolean;
  align?: "right";
  /** Classes of the column's cells (weight, colour, width). */
  className?: string;
}

type Padding = "py-2" | "py-3";

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  empty,
  cellPadding = "py-2",
  headPadding = cellPadding,
  phone = "scroll",
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Names the table for screen readers. */
  caption?: string;
  /** Shown instead of the table when there are no rows (an EmptyState). */
  empty?: ReactNode;
  cellPadding?: Padding;
  headPadding?: Padding;
  /** On a phone: scroll sideways in the frame, or each row a card whose lines carry their column's name. */
  phone?: "scroll" | "cards";
}) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  const classes = (padding: Padding, column: Column<Row>, extra?: string) =>
    ["px-4", padding, extra, column.align === "right" ? "text-right" : undefined].filter(Boolean).join(" ");
  return (
    <Table caption={caption} phone={phone}>
      <TableHead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={classes(headPadding, column)}>
              {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) =>
              column.rowHeader ? (
                <th
                  key={column.header}
                  scope="row"
                  className={classes(cellPadding, column, column.className)}
                >
                  {column.cell(row)}
                </th>
              ) : (
                <td
                  key={column.header}
                  className={classes(cellPadding, column, column.className)}
                  data-label={phone === "cards" && !column.hideHeader ? column.header : undefined}
                >
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}
