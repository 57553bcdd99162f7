import { FOLLOW_MESSAGES } from "@camatlas/shared";
import { alertEndpoints } from "@camatlas/shared/api-contract";
import { Form, useActionData } from "react-router";
import { CardSection } from "../components/ui/card.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { actionFailure, actionSuccess, resultText } from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/alerts-unsubscribe";

// The page behind the visible link in alert e-mails: one button, no sign-in (the mail's token is the key).

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Stop alert e-mails", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get("token") ?? "").slice(0, 64);
  try {
    const reply = await context
      .get(apiContext)
      .call(alertEndpoints.unsubscribeEmail, { query: { token }, body: {} });
    return actionSuccess(reply.message);
  } catch (error) {
    return actionFailure(error);
  }
}

export default function AlertsUnsubscribe({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeader title="Stop alert e-mails" />
      <CardSection id="alert-emails" title="Alert e-mails">
        {result ? (
          <p role="status" className={result.ok ? "text-success" : "text-danger"}>
            {resultText(result) ?? FOLLOW_MESSAGES.unknownUnsubscribeLink}
          </p>
        ) : (
          <Form method="post" className="space-y-4">
            <p className="text-ink-soft">You will get no more e-mails about the models you follow.</p>
            <input type="hidden" name="token" value={loaderData.token} />
            <SubmitButton>Stop alert e-mails</SubmitButton>
          </Form>
        )}
      </CardSection>
    </div>
  );
}
