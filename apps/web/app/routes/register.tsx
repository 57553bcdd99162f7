import { type Gender, TEXT_LIMITS } from "@camatlas/shared";
import { authEndpoints, type EndpointInput } from "@camatlas/shared/api-contract";
import { useEffect, useState } from "react";
import { Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { RadioGroup } from "../components/ui/radio-group.tsx";
import { SelectField } from "../components/ui/select-field.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { EmailField, PasswordField, TextField } from "../components/ui/text-field.tsx";
import { AuthShell } from "../features/auth/auth-shell.tsx";
import { OAuthButtons } from "../features/auth/oauth-buttons.tsx";
import { loadSettings, loginBackground, pageText } from "../features/auth/page-settings.ts";
import {
  COUNTRY_OPTIONS,
  GENDER_OPTIONS,
  latestAdultBirthday,
  SELF_ROLE_OPTIONS,
} from "../features/auth/profile-options.ts";
import { ApiResponseError } from "../lib/api-client.ts";
import { type ActionResult, actionFailure } from "../lib/errors/action-result.ts";
import { formValues, textField } from "../lib/form-fields.ts";
import { apiContext, configContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { requireGuest } from "../lib/session/guards.ts";
import { REDIRECT_PARAM, safeReturnPath, storedReturnPath } from "../lib/session/return-to.ts";
import type { Route } from "./+types/register";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireGuest(request);
  const settings = await loadSettings(context);
  return {
    text: pageText(settings, "register", context.get(configContext).productName),
    background: loginBackground(settings),
    oauthProviders: context.get(configContext).oauthProviders ?? [],
    maxBirthday: latestAdultBirthday(),
  };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: args.loaderData?.text.title ?? "Register", noindex: true });
}

const OPTIONAL_FIELDS = ["first_name", "last_name", "country", "city"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  requireGuest(request);
  const form = await request.formData();
  const body: EndpointInput<typeof authEndpoints.register>["body"] = {
    nick_name: textField(form, "nick_name") ?? "",
    email: textField(form, "email") ?? "",
    password: String(form.get("password") ?? ""),
    confirm: String(form.get("confirm") ?? ""),
    // The API answers an unknown gender with the field's error.
    gender: (textField(form, "gender") ?? "unknown") as Gender,
    birthday: textField(form, "birthday") ?? "",
    role_id: Number(textField(form, "role_id") ?? 2),
  };
  for (const name of OPTIONAL_FIELDS) {
    const value = textField(form, name);
    if (value !== undefined) body[name] = value;
  }
  try {
    await context.get(apiContext).call(authEndpoints.register, { body });
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    return actionFailure(error, { values: formValues(form, ["password", "confirm"]), inline: true });
  }
  throw redirect(safeReturnPath(textField(form, REDIRECT_PARAM)));
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  const [searchParams] = useSearchParams();
  const fromQuery = searchParams.get(REDIRECT_PARAM);
  const [returnTo, setReturnTo] = useState(fromQuery ? safeReturnPath(fromQuery) : "");
  useEffect(() => {
    if (!fromQuery) setReturnTo(storedReturnPath(window.localStorage) ?? "");
  }, [fromQuery]);

  return (
    <AuthShell
      title={loaderData.text.title}
      intro={loaderData.text.text}
      background={loaderData.background}
      footer={
        <p>
          Already have an account?{" "}
          <Link to="/login" className="font-semibold text-accent hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <Form method="post" className="space-y-4" noValidate>
        {result?.message && <FormAlert>{result.message}</FormAlert>}
        <input type="hidden" name={REDIRECT_PARAM} value={returnTo} />
        <RadioGroup
          legend="I am a"
          name="role_id"
          options={SELF_ROLE_OPTIONS}
          defaultValue={values.role_id ?? SELF_ROLE_OPTIONS[0]?.value}
          error={errors.role_id}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            maxLength={TEXT_LIMITS.firstName}
            defaultValue={values.first_name}
            error={errors.first_name}
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            maxLength={TEXT_LIMITS.lastName}
            defaultValue={values.last_name}
            error={errors.last_name}
          />
        </div>
        <TextField
          label="Nickname"
          name="nick_name"
          autoComplete="username"
          required
          minLength={TEXT_LIMITS.nickName.min}
          maxLength={TEXT_LIMITS.nickName.max}
          hint="Letters, numbers, dots, underscores and dashes. Shown on your public profile."
          defaultValue={values.nick_name}
          error={errors.nick_name}
        />
        <EmailField
          label="Email"
          name="email"
          required
          maxLength={TEXT_LIMITS.email}
          defaultValue={values.email}
          error={errors.email}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            required
            minLength={TEXT_LIMITS.password.min}
            maxLength={TEXT_LIMITS.password.max}
            hint={`At least ${TEXT_LIMITS.password.min} characters.`}
            error={errors.password}
          />
          <PasswordField
            label="Confirm password"
            name="confirm"
            autoComplete="new-password"
            required
            error={errors.confirm}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Birthday"
            name="birthday"
            type="date"
            required
            max={loaderData.maxBirthday}
            hint="Members are 18 or older."
            defaultValue={values.birthday}
            error={errors.birthday}
          />
          <SelectField
            label="Gender"
            name="gender"
            options={GENDER_OPTIONS}
            defaultValue={values.gender ?? "unknown"}
            error={errors.gender}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Country"
            name="country"
            options={COUNTRY_OPTIONS}
            placeholder="Choose a country"
            defaultValue={values.country ?? ""}
            error={errors.country}
          />
          <TextField
            label="City"
            name="city"
            autoComplete="address-level2"
            maxLength={TEXT_LIMITS.city}
            defaultValue={values.city}
            error={errors.city}
          />
        </div>
        <SubmitButton busyLabel="Creating your account…">Create account</SubmitButton>
      </Form>
      <OAuthButtons providers={loaderData.oauthProviders} returnTo={returnTo || undefined} />
    </AuthShell>
  );
}
