import { FOLLOW_MESSAGES, safeReturnPath } from "@camatlas/shared";
import { followEndpoints } from "@camatlas/shared/api-contract";
import { redirect } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { FollowedModelItem } from "../features/follows/followed-model-item.tsx";
import { ApiResponseError } from "../lib/api-client.ts";
import { intentFailure, throwLoaderError } from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { sessionFromCookieHeader } from "../lib/session/cookies.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import { loginPath } from "../lib/session/return-to.ts";
import type { Route } from "./+types/following";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSignedIn(request);
  const api = context.get(apiContext);
  try {
    return await api.call(followEndpoints.list, {});
  } catch (error) {
    if (error instanceof ApiResponseError && error.status === 401) throw redirect(loginPath("/following"));
    throwLoaderError(error);
  }
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: FOLLOW_MESSAGES.pageTitle, noindex: true });
}

/** Every follow form of the site posts here (features/follows); without JS the browser goes back to `return_to`. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = safeReturnPath(form.get("return_to"), "/following");
  if (!sessionFromCookieHeader(request.headers.get("cookie")).signedIn) throw redirect(loginPath(returnTo));
  const api = context.get(apiContext);
  const intent = String(form.get("intent") ?? "");
  const params = { id: Number(form.get("model_id")) };
  try {
    if (intent === "follow") await api.call(followEndpoints.follow, { params });
    else if (intent === "unfollow") await api.call(followEndpoints.unfollow, { params });
    else if (intent === "mute" || intent === "unmute")
      await api.call(followEndpoints.updateAlerts, { params, body: { muted: intent === "mute" } });
    else return intentFailure(intent, new ApiResponseError(422, { message: "Unknown action" }));
  } catch (error) {
    if (error instanceof ApiResponseError && error.status === 401) throw redirect(loginPath(returnTo));
    if (!(error instanceof ApiResponseError)) throw error;
    return intentFailure(intent, error);
  }
  return redirect(returnTo);
}

export default function Following({ loaderData }: Route.ComponentProps) {
  const { data } = loaderData;
  const online = data.filter((f) => f.is_online).length;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title={FOLLOW_MESSAGES.pageTitle}
        lead={data.length > 0 ? `${online} of ${data.length} online now` : undefined}
        actions={
          <Button to="/following/alerts" variant="secondary" size="sm">
            Alert settings
          </Button>
        }
      />
      {data.length === 0 ? (
        <EmptyState title="Nobody yet" text={FOLLOW_MESSAGES.empty}>
          <Button to="/models">Browse models</Button>
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Models you follow, online first">
          {data.map((followed) => (
            <FollowedModelItem key={followed.model.id} followed={followed} />
          ))}
        </ul>
      )}
    </div>
  );
}
