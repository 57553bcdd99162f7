import {
  ACCOUNT_TEXT,
  type Gender,
  IMAGE_ACCEPT,
  IMAGE_UPLOAD_MAX_BYTES,
  PAGE_SIZE,
  ROLE,
  ROLE_NAMES,
  SUCCESS_MESSAGES,
  TEXT_LIMITS,
} from "@camatlas/shared";
import {
  mediaEndpoints,
  notificationEndpoints,
  type ProfileReply,
  profileEndpoints,
} from "@camatlas/shared/api-contract";
import type { UpdateProfileRequest } from "@camatlas/shared/schemas/profile";
import { data, Form, redirect, useActionData } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { CardSection } from "../components/ui/card.tsx";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { RadioGroup } from "../components/ui/radio-group.tsx";
import { SelectField } from "../components/ui/select-field.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { EmailField, PasswordField, TextField } from "../components/ui/text-field.tsx";
import { Avatar } from "../features/account/avatar.tsx";
import { NotificationList } from "../features/account/notification-list.tsx";
import {
  COUNTRY_OPTIONS,
  GENDER_OPTIONS,
  latestAdultBirthday,
  SELF_ROLE_OPTIONS,
} from "../features/auth/profile-options.ts";
import { UploadField } from "../features/media/upload-field.tsx";
import { loadMyReviews, MyReviews } from "../features/user-reviews/my-reviews.tsx";
import { ApiResponseError } from "../lib/api-client.ts";
import {
  type IntentResult,
  intentFailure,
  intentSuccess,
  resultText,
  throwLoaderError,
  useSnackbarNote,
} from "../lib/errors/index.ts";
import { formValues, textField } from "../lib/form-fields.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import { loginPath } from "../lib/session/return-to.ts";
import type { Route } from "./+types/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSignedIn(request);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const api = context.get(apiContext);
  const [user, notifications] = await Promise.all([
    api
      .call(profileEndpoints.get, { query: { with: ["unreadNotifications", "models", "stats"] } })
      .catch((error: unknown) => {
        if (!(error instanceof ApiResponseError)) throw error;
        if (error.status === 401) throw redirect(loginPath("/account"));
        throwLoaderError(error);
      }),
    // The profile still shows when the notifications do not answer.
    api
      .call(notificationEndpoints.list, { query: { page, per_page: PAGE_SIZE.default } })
      .catch((error: unknown) => {
        if (!(error instanceof ApiResponseError)) throw error;
        return { data: [], total: 0, current_page: 1, last_page: 1, meta: {} };
      }),
  ]);
  const myReviews = await loadMyReviews(api, user.id, request);
  return { user, notifications, myReviews, maxBirthday: latestAdultBirthday() };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Your account", noindex: true });
}

const AVATAR_UPLOAD = { kind: "form", path: "/media/avatar" } as const;

type Intent = "profile" | "password" | "avatar" | "avatar-remove" | "read" | "read-all";

/** An API call's outcome for the page: its success message (none for marking one notification read) or its error. */
async function outcome(intent: Intent, call: Promise<string | undefined>, values?: Record<string, string>) {
  let message: string | undefined;
  try {
    message = await call;
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    if (error.status === 401) throw redirect(loginPath("/account"));
    // Each form shows its own failure above its fields: no snackbar.
    return intentFailure(intent, error, { values, inline: true });
  }
  // Marking one notification read answers the notification itself: nothing to announce.
  if (intent === "read") return data<IntentResult>({ intent, ok: true });
  return intentSuccess(intent, message ?? SUCCESS_MESSAGES.profileSaved);
}

/** A trimmed form field as sent (an emptied field clears the value), or absent. */
function sentField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : undefined;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedIn(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  const api = context.get(apiContext);
  const saveProfile = (body: UpdateProfileRequest) =>
    api.call(profileEndpoints.update, { body }).then((reply) => reply.message);
  switch (intent) {
    case "profile": {
      const body: UpdateProfileRequest = {
        first_name: sentField(form, "first_name"),
        last_name: sentField(form, "last_name"),
        nick_name: sentField(form, "nick_name"),
        email: sentField(form, "email"),
        // The API answers an unknown gender with the field's error.
        gender: sentField(form, "gender") as Gender | undefined,
        country: sentField(form, "country"),
        city: sentField(form, "city"),
        about: sentField(form, "about"),
        // An emptied birthday clears it.
        birthday: textField(form, "birthday") ?? null,
      };
      // Camfans and camgirls may switch between the two; the field is absent for admins.
      const roleId = Number(textField(form, "role_id"));
      if (roleId && roleId !== Number(textField(form, "current_role_id"))) body.role_id = roleId;
      // A new email takes the current password (sent as typed; the API names the field when it is missing or wrong).
      const currentPassword = form.get("current_password");
      if (typeof currentPassword === "string" && currentPassword !== "")
        body.current_password = currentPassword;
      return outcome(intent, saveProfile(body), formValues(form, ["current_password"]));
    }
    case "password": {
      const body: UpdateProfileRequest = {
        password: String(form.get("password") ?? ""),
        confirm: String(form.get("confirm") ?? ""),
      };
      // Accounts made through Google / X set their first password without a current one.
      if (form.has("current_password")) body.current_password = String(form.get("current_password"));
      return outcome(intent, saveProfile(body));
    }
    case "avatar": {
      // Uploaded by the browser with its progress bar (the id), or sent with the form without JavaScript (the file).
      const uploaded = Number(form.get("avatar_media_id") ?? "");
      if (Number.isInteger(uploaded) && uploaded > 0)
        return outcome(intent, saveProfile({ avatar_media_id: uploaded }));
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0)
        return data<IntentResult>({ intent, ok: false, errors: { file: [ACCOUNT_TEXT.chooseImage] } }, 422);
      const upload = new FormData();
      upload.set("file", file, file.name);
      return outcome(
        intent,
        api
          .call(mediaEndpoints.avatar, { form: upload })
          .then((media) => saveProfile({ avatar_media_id: media.id })),
      );
    }
    case "avatar-remove":
      return outcome(intent, saveProfile({ avatar_media_id: null }));
    case "read": {
      const id = String(form.get("id") ?? "");
      return outcome(
        intent,
        api.call(notificationEndpoints.read, { params: { id } }).then(() => undefined),
      );
    }
    case "read-all":
      return outcome(
        intent,
        api.call(notificationEndpoints.readAll, {}).then((reply) => reply.message),
      );
    default:
      throw data("Unknown action", { status: 400 });
  }
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { user, notifications, myReviews } = loaderData;
  const result = useActionData<typeof action>() as IntentResult | undefined;
  useSnackbarNote(result);
  const forIntent = (intent: Intent) => (result?.intent === intent ? result : undefined);
  const profile = forIntent("profile");
  const password = forIntent("password");
  const avatar = forIntent("avatar") ?? forIntent("avatar-remove");
  const values = profile?.ok === false ? (profile.values ?? {}) : {};
  const errors = profile?.errors ?? {};
  const hasPassword = user.has_password !== false;
  const value = (name: keyof ProfileReply & string) => values[name] ?? String(user[name] ?? "");

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header className="flex flex-wrap items-center gap-4">
        <Avatar src={user.avatar_path} name={user.nick_name} size={64} />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold">Your account</h1>
          <p className="text-ink-muted">
            {user.full_name ? `${user.full_name} · ` : ""}@{user.nick_name} · {ROLE_NAMES[user.role_id]}
          </p>
        </div>
        <Button to={`/users/${encodeURIComponent(user.nick_name)}`} variant="secondary" size="sm">
          View public profile
        </Button>
      </header>
      <nav aria-label="Account sections" className="flex flex-wrap gap-2 text-sm">
        {[
          ["#profile", "Profile"],
          ["#avatar", "Avatar"],
          ["#password", "Password"],
          [
            "#notifications",
            `Notifications${user.unread_notifications ? ` (${user.unread_notifications})` : ""}`,
          ],
          ["#my-reviews", `My reviews (${myReviews.total})`],
        ].map(([href, label]) => (
          <a
            key={href}
            href={href}
            className="rounded-full bg-surface px-3 py-1 ring-1 ring-line-soft hover:ring-focus"
          >
            {label}
          </a>
        ))}
      </nav>

      <CardSection id="profile" title="Profile">
        <Form method="post" className="space-y-4" noValidate>
          {profile && <FormAlert tone={profile.ok ? "success" : "error"}>{resultText(profile)}</FormAlert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              name="first_name"
              autoComplete="given-name"
              maxLength={TEXT_LIMITS.firstName}
              defaultValue={value("first_name")}
              error={errors.first_name}
            />
            <TextField
              label="Last name"
              name="last_name"
              autoComplete="family-name"
              maxLength={TEXT_LIMITS.lastName}
              defaultValue={value("last_name")}
              error={errors.last_name}
            />
            <TextField
              label="Nickname"
              name="nick_name"
              autoComplete="username"
              required
              maxLength={TEXT_LIMITS.nickName.max}
              defaultValue={value("nick_name")}
              error={errors.nick_name}
            />
            <EmailField
              label="Email"
              name="email"
              required
              maxLength={TEXT_LIMITS.email}
              defaultValue={value("email")}
              error={errors.email}
            />
            {hasPassword && (
              <PasswordField
                label="Current password (to change your email)"
                name="current_password"
                autoComplete="current-password"
                hint="Only needed when you change your email."
                error={errors.current_password}
              />
            )}
            <TextField
              label="Birthday"
              name="birthday"
              type="date"
              max={loaderData.maxBirthday}
              defaultValue={value("birthday")}
              error={errors.birthday}
            />
            <SelectField
              label="Gender"
              name="gender"
              options={GENDER_OPTIONS}
              defaultValue={value("gender") || "unknown"}
              error={errors.gender}
            />
            <SelectField
              label="Country"
              name="country"
              options={COUNTRY_OPTIONS}
              placeholder="Choose a country"
              defaultValue={value("country")}
              error={errors.country}
            />
            <TextField
              label="City"
              name="city"
              autoComplete="address-level2"
              maxLength={TEXT_LIMITS.city}
              defaultValue={value("city")}
              error={errors.city}
            />
          </div>
          {user.role_id !== ROLE.admin && (
            <>
              <input type="hidden" name="current_role_id" value={user.role_id} />
              <RadioGroup
                legend="I am a"
                name="role_id"
                options={SELF_ROLE_OPTIONS}
                defaultValue={values.role_id ?? String(user.role_id)}
                error={errors.role_id}
              />
            </>
          )}
          <TextField
            multiline
            label="About you"
            name="about"
            rows={5}
            maxLength={TEXT_LIMITS.about}
            defaultValue={value("about")}
            error={errors.about}
          />
          <div className="flex justify-end">
            <SubmitButton intent="profile" busyLabel="Saving…" size="md">
              Save profile
            </SubmitButton>
          </div>
        </Form>
      </CardSection>

      <CardSection id="avatar" title="Avatar">
        <div className="flex flex-wrap items-center gap-5">
          <Avatar src={user.avatar_path} name={user.nick_name} size={96} />
          <Form method="post" encType="multipart/form-data" className="min-w-0 flex-1 space-y-3">
            {avatar && <FormAlert tone={avatar.ok ? "success" : "error"}>{resultText(avatar)}</FormAlert>}
            <UploadField
              label="New avatar"
              fileName="file"
              mediaName="avatar_media_id"
              target={AVATAR_UPLOAD}
              accept={IMAGE_ACCEPT}
              required
              hint={`JPG, PNG or WebP, up to ${(IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024).toFixed(1)} MB.`}
              error={avatar?.errors?.file ?? avatar?.errors?.avatar_media_id}
            />
            <div className="flex flex-wrap gap-2">
              <SubmitButton intent="avatar" busyLabel="Uploading…" size="md">
                Upload avatar
              </SubmitButton>
            </div>
          </Form>
          {user.avatar_path && (
            <Form method="post">
              <Button type="submit" name="intent" value="avatar-remove" variant="secondary">
                Remove avatar
              </Button>
            </Form>
          )}
        </div>
      </CardSection>

      <CardSection id="password" title={hasPassword ? "Change password" : "Set a password"}>
        <Form method="post" className="space-y-4" noValidate>
          {password && <FormAlert tone={password.ok ? "success" : "error"}>{resultText(password)}</FormAlert>}
          {hasPassword ? (
            <PasswordField
              label="Current password"
              name="current_password"
              autoComplete="current-password"
              required
              error={password?.errors?.current_password}
            />
          ) : (
            <p className="text-sm text-ink-muted">
              You signed up with {user.oauth_service === "twitter" ? "X" : "Google"}. Set a password to sign
              in with your email or nickname too.
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField
              label="New password"
              name="password"
              autoComplete="new-password"
              required
              minLength={TEXT_LIMITS.password.min}
              maxLength={TEXT_LIMITS.password.max}
              hint={`At least ${TEXT_LIMITS.password.min} characters.`}
              error={password?.errors?.password}
            />
            <PasswordField
              label="Confirm new password"
              name="confirm"
              autoComplete="new-password"
              required
              error={password?.errors?.confirm}
            />
          </div>
          <div className="flex justify-end">
            <SubmitButton intent="password" busyLabel="Saving…" size="md">
              {hasPassword ? "Change password" : "Set password"}
            </SubmitButton>
          </div>
        </Form>
      </CardSection>

      <CardSection id="notifications" title="Notifications">
        <NotificationList
          notifications={notifications.data}
          unread={user.unread_notifications ?? notifications.data.filter((n) => !n.read_at).length}
          page={notifications.current_page}
          lastPage={notifications.last_page}
        />
      </CardSection>

      <CardSection
        id="my-reviews"
        title="My reviews"
        lead="Your reviews of models and where each one stands."
      >
        <MyReviews reviews={myReviews} />
      </CardSection>
    </div>
  );
}
export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";
