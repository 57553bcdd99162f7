import { ACCOUNT_TEXT, TEXT_LIMITS } from "@camatlas/shared";
import { authEndpoints } from "@camatlas/shared/api-contract";
import { Form, Link, useActionData } from "react-router";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { EmailField } from "../components/ui/text-field.tsx";
import { AuthShell } from "../features/auth/auth-shell.tsx";
import { loadSettings, loginBackground, pageText } from "../features/auth/page-settings.ts";
import { ApiResponseError } from "../lib/api-client.ts";
import {
  type ActionResult,
  actionFailure,
  actionInvalid,
  actionSuccess,
} from "../lib/errors/action-result.ts";
import { textField } from "../lib/form-fields.ts";
import { apiContext, configContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/forgot-password";

export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await loadSettings(context);
  return {
    // Arrived from a reset link that did not work (restore-password.tsx).
    invalidLink: new URL(request.url).searchParams.get("link") === "invalid",
    text: pageText(settings, "forgot_password", context.get(configContext).productName),
    background: loginBackground(settings),
  };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: args.loaderData?.text.title ?? "Forgot password", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = textField(form, "email") ?? "";
  if (!email) return actionInvalid({ email: [ACCOUNT_TEXT.emailRequired] });
  try {
    const reply = await context.get(apiContext).call(authEndpoints.forgotPassword, { body: { email } });
    // The answer is the same whether or not the address has an account.
    return actionSuccess(reply.message);
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    return actionFailure(error, { values: { email }, inline: true });
  }
}

export default function ForgotPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const failure = result && !result.ok ? result : undefined;
  return (
    <AuthShell
      title={loaderData.text.title}
      intro={loaderData.text.text}
      background={loaderData.background}
      footer={
        <p>
          Remembered it?{" "}
          <Link to="/login" className="font-semibold text-accent hover:underline">
            Back to log in
          </Link>
        </p>
      }
    >
      {result?.ok ? (
        <FormAlert tone="success">{result.message}</FormAlert>
      ) : (
        <Form method="post" className="space-y-4" noValidate>
          {failure?.message && <FormAlert>{failure.message}</FormAlert>}
          {!failure && loaderData.invalidLink && <FormAlert>{ACCOUNT_TEXT.resetLinkInvalid}</FormAlert>}
          <EmailField
            label="Email"
            name="email"
            required
            maxLength={TEXT_LIMITS.email}
            defaultValue={failure?.values?.email}
            error={failure?.errors?.email}
          />
          <SubmitButton busyLabel="Sending…">Send the reset link</SubmitButton>
        </Form>
      )}
    </AuthShell>
  );
}
