// What the fuzz saw per operation: cases sent, 2xx, 4xx by status, 5xx; printed as a table by `npm run fuzz`.

export interface OperationTally {
  cases: number;
  ok: number;
  clientErrors: Record<number, number>;
  serverErrors: number;
  partialWrites: number;
}

export function emptyTally(): OperationTally {
  return { cases: 0, ok: 0, clientErrors: {}, serverErrors: 0, partialWrites: 0 };
}

export function countStatus(tally: OperationTally, status: number): void {
  tally.cases++;
  if (status >= 500) tally.serverErrors++;
  else if (status >= 400) tally.clientErrors[status] = (tally.clientErrors[status] ?? 0) + 1;
  else tally.ok++;
}

export function formatTable(tallies: Map<string, OperationTally>): string {
  const rows = [...tallies].map(([name, tally]) => [
    name,
    String(tally.cases),
    String(tally.ok),
    Object.entries(tally.clientErrors)
      .map(([code, n]) => `${code}×${n}`)
      .join(" "),
    String(tally.serverErrors),
    String(tally.partialWrites),
  ]);
  const totals = [...tallies.values()].reduce(
    (sum, t) => ({
      cases: sum.cases + t.cases,
      ok: sum.ok + t.ok,
      four: sum.four + Object.values(t.clientErrors).reduce((a, b) => a + b, 0),
      five: sum.five + t.serverErrors,
      partial: sum.partial + t.partialWrites,
    }),
    { cases: 0, ok: 0, four: 0, five: 0, partial: 0 },
  );
  rows.push([
    `total (${tallies.size} operations)`,
    String(totals.cases),
    String(totals.ok),
    `${totals.four}`,
    String(totals.five),
    String(totals.partial),
  ]);
  const header = ["operation", "cases", "2xx/3xx", "4xx by code", "5xx", "partial writes"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
