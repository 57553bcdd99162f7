import { TEXT_LIMITS, VALIDATION_MESSAGES } from "@camatlas/shared";
import { authEndpoints } from "@camatlas/shared/api-contract";
import { Form, redirect, useActionData } from "react-router";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { PasswordField } from "../components/ui/text-field.tsx";
import { AuthShell } from "../features/auth/auth-shell.tsx";
import { loadSettings, loginBackground } from "../features/auth/page-settings.ts";
import { PASSWORD_RESET_PARAM } from "../features/auth/password-reset-param.ts";
import { ApiResponseError } from "../lib/api-client.ts";
import { type ActionResult, actionFailure, actionInvalid } from "../lib/errors/action-result.ts";
import { textField } from "../lib/form-fields.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/restore-password";

/**
 * Spec §2: the token is checked before the page shows. A used, expired or bogus link leads to the forgot-password
 * page, which says so and asks for a new link (not home, where nothing would explain what happened).
 */
/** The forgot-password page, told that the link did not work. */
export const INVALID_LINK_PATH = "/auth/forgot-password?link=invalid";

async function checkToken(context: Route.LoaderArgs["context"], token: string | null): Promise<string> {
  if (!token) throw redirect(INVALID_LINK_PATH);
  try {
    await context.get(apiContext).call(authEndpoints.tokenCheck, { body: { token } });
  } catch (error) {
    if (error instanceof ApiResponseError) throw redirect(INVALID_LINK_PATH);
    throw error;
  }
  return token;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = await checkToken(context, new URL(request.url).searchParams.get("token"));
  const settings = await loadSettings(context);
  return { token, background: loginBackground(settings) };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Choose a new password", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = textField(form, "token") ?? "";
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  if (password !== confirm) {
    return actionInvalid({ confirm: [VALIDATION_MESSAGES.passwordsDoNotMatch] });
  }
  try {
    await context.get(apiContext).call(authEndpoints.restorePassword, { body: { token, password, confirm } });
    // On to the login page with the confirmation: staying here would read the now used link again and call it
    // invalid.
    throw redirect(`/login?${PASSWORD_RESET_PARAM}=1`);
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    return actionFailure(error, { inline: true });
  }
}

export default function RestorePassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const failure = result && !result.ok ? result : undefined;
  // Success redirects to the login page (see the action), so a result here is a failure.
  return (
    <AuthShell
      title="Choose a new password"
      intro="Pick a password you do not use anywhere else."
      background={loaderData.background}
    >
      <Form method="post" className="space-y-4" noValidate>
        {(failure?.message || failure?.errors?.token) && (
          <FormAlert>{failure.errors?.token?.[0] ?? failure.message}</FormAlert>
        )}
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          minLength={TEXT_LIMITS.password.min}
          maxLength={TEXT_LIMITS.password.max}
          hint={`At least ${TEXT_LIMITS.password.min} characters.`}
          error={failure?.errors?.password}
        />
        <PasswordField
          label="Confirm new password"
          name="confirm"
          autoComplete="new-password"
          required
          error={failure?.errors?.confirm}
        />
        <SubmitButton busyLabel="Saving…">Save the new password</SubmitButton>
      </Form>
    </AuthShell>
  );
}
