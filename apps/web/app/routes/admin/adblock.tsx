import { DEFAULT_LOCALE } from "@camatlas/shared";
import { siteEndpoints } from "@camatlas/shared/api-contract";
import { Form } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Table, TableBody, TableHead } from "../../components/ui/table.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { apiLoad } from "../../lib/errors/loader-errors.ts";
import { apiContext } from "../../lib/load-context.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/adblock";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

const DAYS_SHOWN = 30;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Daily counts of visitors with and without an ad blocker (spec §4), last 30 days by default. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const url = new URL(request.url);
  const today = new Date();
  const to = url.searchParams.get("to_date") || isoDay(today);
  const from =
    url.searchParams.get("from_date") || isoDay(new Date(today.getTime() - (DAYS_SHOWN - 1) * 86_400_000));
  const days = await apiLoad(
    context
      .get(apiContext)
      .call(siteEndpoints.adblockStatistics, { query: { from_date: from, to_date: to } }),
  );
  return { from, to, days };
}

export function meta() {
  return [{ title: "Adblock | Admin" }, { name: "robots", content: "noindex" }];
}

function percent(part: number, total: number): string {
  return total === 0 ? "–" : `${Math.round((part / total) * 100)} %`;
}

export default function AdminAdblock({ loaderData }: Route.ComponentProps) {
  const { from, to, days } = loaderData;
  const totals = days.reduce(
    (sum, day) => ({ enabled: sum.enabled + day.enabled, disabled: sum.disabled + day.disabled }),
    { enabled: 0, disabled: 0 },
  );
  const format = (n: number) => n.toLocaleString(DEFAULT_LOCALE);
  return (
    <div className="space-y-6">
      <PageHeader size="md" title="Adblock" lead="Visitors with an ad blocker on and off, per day (UTC)." />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <TextField label="From" type="date" name="from_date" defaultValue={from} />
        <TextField label="To" type="date" name="to_date" defaultValue={to} />
        <Button type="submit">Show</Button>
      </Form>
      {days.length === 0 ? (
        <EmptyState title="No visits counted in this period" />
      ) : (
        <Table className="tabular-nums">
          <TableHead>
            <tr>
              <th className="px-4 py-3">Day</th>
              <th className="px-4 py-3 text-right">Ad blocker on</th>
              <th className="px-4 py-3 text-right">Ad blocker off</th>
              <th className="px-4 py-3 text-right">Share on</th>
            </tr>
          </TableHead>
          <TableBody>
            {days.map((day) => (
              <tr key={day.day}>
                <td className="px-4 py-2">{day.day}</td>
                <td className="px-4 py-2 text-right">{format(day.enabled)}</td>
                <td className="px-4 py-2 text-right">{format(day.disabled)}</td>
                <td className="px-4 py-2 text-right">{percent(day.enabled, day.enabled + day.disabled)}</td>
              </tr>
            ))}
          </TableBody>
          <tfoot className="border-t border-line-soft font-semibold">
            <tr>
              <td className="px-4 py-3">Total</td>
              <td className="px-4 py-3 text-right">{format(totals.enabled)}</td>
              <td className="px-4 py-3 text-right">{format(totals.disabled)}</td>
              <td className="px-4 py-3 text-right">
                {percent(totals.enabled, totals.enabled + totals.disabled)}
              </td>
            </tr>
          </tfoot>
        </Table>
      )}
    </div>
  );
}
