import { MAX_PER_PAGE } from "@camatlas/shared";
import { statsEndpoints } from "@camatlas/shared/api-contract";
import { sessionsCsv } from "../features/stats/sessions-csv.ts";
import { apiLoad } from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import type { Route } from "./+types/stats-sessions-csv";

/** Every session of hers (up to 50 pages of 100, newest first) as a CSV download; the API applies her settings. */
const MAX_PAGES = 50;

export async function loader({ params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const of = { params: { camSiteSlug: params.camsite, nickname: params.nickname } };
  const nickname = await apiLoad(api.call(statsEndpoints.nickname, { ...of, query: {} }));
  const sessions = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const reply = await apiLoad(
      api.call(statsEndpoints.sessions, {
        ...of,
        query: { page, per_page: MAX_PER_PAGE, sort: "start", order: "desc" },
      }),
    );
    sessions.push(...reply.data);
    if (page >= reply.last_page) break;
  }
  const file = `${nickname.cam_site.slug}-${nickname.name}-sessions.csv`.replace(/[^\w.-]+/g, "_");
  return new Response(sessionsCsv(sessions, nickname.cam_site.id), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file}"`,
      "cache-control": "private, max-age=60",
    },
  });
}
