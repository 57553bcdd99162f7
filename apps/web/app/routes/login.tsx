import { ACCOUNT_TEXT, API_MESSAGES } from "@camatlas/shared";
import { authEndpoints } from "@camatlas/shared/api-contract";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { PasswordField, TextField } from "../components/ui/text-field.tsx";
import { AuthShell } from "../features/auth/auth-shell.tsx";
import { OAuthButtons } from "../features/auth/oauth-buttons.tsx";
import { loadSettings, loginBackground, pageText } from "../features/auth/page-settings.ts";
import { PASSWORD_RESET_PARAM } from "../features/auth/password-reset-param.ts";
import { ApiResponseError } from "../lib/api-client.ts";
import { type ActionResult, actionFailure, actionInvalid } from "../lib/errors/action-result.ts";
import { textField } from "../lib/form-fields.ts";
import { apiContext, configContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { requireGuest } from "../lib/session/guards.ts";
import { REDIRECT_PARAM, safeReturnPath, storedReturnPath } from "../lib/session/return-to.ts";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireGuest(request);
  const settings = await loadSettings(context);
  // The OAuth callback comes back here with ?oauth_error=blocked|failed when it could not sign the user in.
  const oauthError = new URL(request.url).searchParams.get("oauth_error");
  return {
    background: loginBackground(settings),
    oauthProviders: context.get(configContext).oauthProviders ?? [],
    blocked:
      oauthError === "blocked"
        ? pageText(settings, "blocked", context.get(configContext).productName)
        : undefined,
    oauthFailed: Boolean(oauthError) && oauthError !== "blocked",
    // A password reset ends here (restore-password's action), with its confirmation.
    passwordReset: new URL(request.url).searchParams.get(PASSWORD_RESET_PARAM) === "1",
  };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Log in", noindex: true });
}

type LoginResult = ActionResult & { blocked?: { title: string; text: string; detail?: string } };

export async function action({ request, context }: Route.ActionArgs) {
  requireGuest(request);
  const form = await request.formData();
  const identity = textField(form, "identity") ?? "";
  const password = typeof form.get("password") === "string" ? String(form.get("password")) : "";
  const returnTo = safeReturnPath(textField(form, REDIRECT_PARAM));
  const values = { identity };
  if (!identity || !password) {
    const errors: Record<string, string[]> = {};
    if (!identity) errors.identity = [ACCOUNT_TEXT.identityRequired];
    if (!password) errors.password = [ACCOUNT_TEXT.passwordRequired];
    return actionInvalid(errors, { values });
  }
  // Sign in by email or by nick name (spec §7): an @ makes it an email.
  const body = identity.includes("@") ? { email: identity, password } : { nick_name: identity, password };
  try {
    await context.get(apiContext).call(authEndpoints.login, { body });
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    return loginFailure(error, values, context);
  }
  throw redirect(returnTo);
}

async function loginFailure(
  reply: ApiResponseError,
  values: Record<string, string>,
  context: Route.ActionArgs["context"],
) {
  // The API's refusal names the admin's reason and the end of the block after the spec's sentence.
  const message = (reply.body as { message?: string } | null)?.message ?? "";
  if (reply.status === 403 && message.startsWith(API_MESSAGES.accountBlocked)) {
    const settings = await loadSettings(context);
    const text = pageText(settings, "blocked", context.get(configContext).productName);
    return data<LoginResult>({ ok: false, values, blocked: { ...text, detail: message } }, { status: 403 });
  }
  // The API reports wrong credentials on `email` (or `nick_name`): both belong to the identity field here.
  const failure = actionFailure(reply, { values, inline: true });
  const errors = failure.data.errors;
  const identityError = errors?.email ?? errors?.nick_name;
  if (errors && identityError) errors.identity = identityError;
  return failure;
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as LoginResult | undefined;
  const [searchParams] = useSearchParams();
  const fromQuery = searchParams.get(REDIRECT_PARAM);
  // Without JavaScript the `redirect` query parameter says where to return; with it, the page stored locally.
  const [returnTo, setReturnTo] = useState(fromQuery ? safeReturnPath(fromQuery) : "");
  useEffect(() => {
    if (!fromQuery) setReturnTo(storedReturnPath(window.localStorage) ?? "");
  }, [fromQuery]);

  const blocked = result?.blocked ?? loaderData.blocked;
  if (blocked) {
    return (
      <AuthShell title={blocked.title} background={loaderData.background}>
        <div role="alert" className="space-y-4 text-ink-soft">
          <p className="whitespace-pre-line">{blocked.text}</p>
          <p className="text-sm text-ink-muted" data-testid="blocked-detail">
            {result?.blocked?.detail ?? API_MESSAGES.accountBlocked}
          </p>
          <Link to="/" className="inline-block font-medium text-accent underline">
            Go to the home page
          </Link>
        </div>
      </AuthShell>
    );
  }

  const errors = result?.errors ?? {};
  return (
    <AuthShell
      title="Log in"
      intro="Welcome back! Sign in with your email or nickname."
      background={loaderData.background}
      footer={
        <p>
          New here?{" "}
          <Link to="/register" className="font-semibold text-accent hover:underline">
            Create an account
          </Link>
        </p>
      }
    >
      <Form method="post" className="space-y-4" noValidate>
        {result?.message && <FormAlert>{result.message}</FormAlert>}
        {!result && loaderData.oauthFailed && <FormAlert>{ACCOUNT_TEXT.oauthFailed}</FormAlert>}
        {!result && loaderData.passwordReset && (
          <FormAlert tone="success">{API_MESSAGES.passwordReset}</FormAlert>
        )}
        <input type="hidden" name={REDIRECT_PARAM} value={returnTo} />
        <TextField
          label="Email or nickname"
          name="identity"
          autoComplete="username"
          required
          defaultValue={result?.values?.identity}
          error={errors.identity}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <div className="flex justify-end">
          <Link to="/auth/forgot-password" className="text-sm font-medium text-accent hover:underline">
            Forgot your password?
          </Link>
        </div>
        <SubmitButton busyLabel="Signing in…">Log in</SubmitButton>
      </Form>
      <OAuthButtons providers={loaderData.oauthProviders} returnTo={returnTo || undefined} />
    </AuthShell>
  );
}
