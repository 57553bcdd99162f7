import type { ReactNode } from "react";
import { cardClass } from "../../components/ui/card.tsx";

/**
 * A chart with its title, a one-sentence summary for screen readers and everyone, and the data as a table behind a
 * disclosure: the text alternative of every stats chart.
 */
export function ChartFrame({
  id,
  title,
  summary,
  note,
  table,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  note?: ReactNode;
  table: { head: readonly string[]; rows: ReadonlyArray<readonly (string | number)[]> };
  children: ReactNode;
}) {
  return (
    <figure
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      data-chart={id}
      className={cardClass({ className: "space-y-3" })}
    >
      <figcaption className="space-y-1">
        <h3 id={`${id}-title`} className="text-base font-semibold text-ink">
          {title}
        </h3>
        <p id={`${id}-summary`} className="text-sm text-ink-muted">
          {summary}
        </p>
      </figcaption>
      {children}
      {note && <div className="text-xs text-ink-faint">{note}</div>}
      <details className="text-sm">
        <summary className="cursor-pointer text-accent hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-focus">
          Show the data as a table
        </summary>
        <div className="mt-2 max-h-72 overflow-auto">
          {/* Cell styles are set once on the table, not on each of its hundreds of cells (lighter pages). */}
          <table className="w-full text-left text-xs [&_td]:px-2 [&_td]:py-1 [&_td]:tabular-nums [&_th]:border-b [&_th]:border-line-soft [&_th]:px-2 [&_th]:py-1 [&_th]:font-semibold">
            <thead>
              <tr>
                {table.head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered.
                <tr key={i} className="odd:bg-surface-muted">
                  {row.map((cell, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
