import { alertEndpoints } from "@camatlas/shared/api-contract";
import { redirect, useActionData } from "react-router";
import { CardSection } from "../components/ui/card.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { AlertSettingsForm, minutesOfTime } from "../features/follows/alert-settings-form.tsx";
import { PushAlertsButton } from "../features/follows/push-alerts-button.tsx";
import { ApiResponseError } from "../lib/api-client.ts";
import {
  actionFailure,
  actionSuccess,
  fieldErrors,
  throwLoaderError,
  useSnackbarNote,
} from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import { loginPath } from "../lib/session/return-to.ts";
import type { Route } from "./+types/following-alerts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSignedIn(request);
  try {
    const settings = await context.get(apiContext).call(alertEndpoints.settings, {});
    return { settings, timeZones: Intl.supportedValuesOf("timeZone") };
  } catch (error) {
    if (error instanceof ApiResponseError && error.status === 401)
      throw redirect(loginPath("/following/alerts"));
    throwLoaderError(error);
  }
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Alert settings", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedIn(request);
  const form = await request.formData();
  try {
    const reply = await context.get(apiContext).call(alertEndpoints.saveSettings, {
      body: {
        in_site: form.get("in_site") === "on",
        push: form.get("push") === "on",
        email: String(form.get("email") ?? "off") as "off",
        each_session: form.get("each_session") === "on",
        show_changes: form.get("show_changes") === "on",
        quiet_start_minute: minutesOfTime(form.get("quiet_start")),
        quiet_end_minute: minutesOfTime(form.get("quiet_end")),
        time_zone: String(form.get("time_zone") ?? "UTC"),
      },
    });
    return actionSuccess(reply.message);
  } catch (error) {
    return actionFailure(error);
  }
}

export default function FollowingAlerts({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useSnackbarNote(result);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Alert settings"
        crumbs={<a href="/following">Following</a>}
        lead="How you hear that a model you follow is online. Mute one model on the Following page."
      />
      <CardSection id="this-browser" title="This browser">
        <PushAlertsButton />
      </CardSection>
      <CardSection id="all-follows" title="All models you follow">
        <AlertSettingsForm
          settings={loaderData.settings}
          timeZones={loaderData.timeZones}
          errors={fieldErrors(result)}
        />
      </CardSection>
    </div>
  );
}
