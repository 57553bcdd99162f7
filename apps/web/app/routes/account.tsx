import {
  ACCOUNT_TEXT,
  ERROR_TEXT,
  IMAGE_ACCEPT,
  IMAGE_UPLOAD_MAX_BYTES,
  PAGE_SIZE,
  ROLE,
  ROLE_NAMES,
  SUCCESS_MESSAGES,
  TEXT_LIMITS,
} from "@camatlas/shared";
import { data, Form, redirect, useActionData } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { CardSection } from "../components/ui/card.tsx";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { RadioGroup } from "../components/ui/radio-group.tsx";
import { SelectField } from "../components/ui/select-field.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { EmailField, PasswordField, TextField } from "../components/ui/text-field.tsx";
import { TextAreaField } from "../components/ui/textarea-field.tsx";
import { Avatar } from "../features/account/avatar.tsx";
import { type NotificationItem, NotificationList } from "../features/account/notification-list.tsx";
import {
  COUNTRY_OPTIONS,
  GENDER_OPTIONS,
  latestAdultBirthday,
  SELF_ROLE_OPTIONS,
} from "../features/auth/profile-options.ts";
import { ApiResponseError, type PageEnvelope } from "../lib/api-client.ts";
import { throwLoaderError, useSnackbarNote } from "../lib/errors/index.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { type ApiReply, apiCall } from "../lib/session/api-response.ts";
import { firstErrors, formValues, textField } from "../lib/session/form-errors.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import { loginPath } from "../lib/session/return-to.ts";
import type { OwnUser } from "../lib/session/user-types.ts";
import type { Route } from "./+types/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSignedIn(request);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const [profile, notifications] = await Promise.all([
    apiCall<OwnUser>(context, "GET", "/profile", {
      query: { with: ["unreadNotifications", "models", "stats"] },
    }),
    apiCall<PageEnvelope<NotificationItem>>(context, "GET", "/notifications", {
      query: { page, per_page: PAGE_SIZE.default },
    }),
  ]);
  if (profile.status === 401) throw redirect(loginPath("/account"));
  if (!profile.ok) throwLoaderError(new ApiResponseError(profile.status, profile.body));
  return {
    user: profile.body,
    notifications: notifications.ok
      ? notifications.body
      : { data: [], total: 0, current_page: 1, last_page: 1, meta: {} },
    maxBirthday: latestAdultBirthday(),
  };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Your account", noindex: true });
}

type Intent = "profile" | "password" | "avatar" | "avatar-remove" | "read" | "read-all";

interface AccountResult {
  intent: Intent;
  ok: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  snackbar?: { text: string; tone: "success" | "error"; id: string };
}

const noteId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function outcome(intent: Intent, reply: ApiReply, values?: Record<string, string>) {
  if (reply.status === 401) throw redirect(loginPath("/account"));
  const body = reply.body as { message?: string } | null;
  if (reply.ok) {
    // Marking one notification read answers the notification itself: nothing to announce.
    if (intent === "read") return data<AccountResult>({ intent, ok: true });
    const message = body?.message ?? SUCCESS_MESSAGES.profileSaved;
    return data<AccountResult>({
      intent,
      ok: true,
      message,
      snackbar: { text: message, tone: "success", id: noteId() },
    });
  }
  const fieldErrors = firstErrors(reply.body);
  const message =
    Object.values(fieldErrors)[0] ??
    body?.message ??
    (reply.status >= 500 ? ERROR_TEXT.serverBroken : undefined);
  return data<AccountResult>(
    { intent, ok: false, fieldErrors, values, message },
    { status: reply.status >= 400 ? reply.status : 500 },
  );
}

const PROFILE_FIELDS = [
  "first_name",
  "last_name",
  "nick_name",
  "email",
  "gender",
  "country",
  "city",
  "about",
];

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedIn(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  switch (intent) {
    case "profile": {
      const body: Record<string, unknown> = {};
      for (const name of PROFILE_FIELDS) {
        const value = form.get(name);
        if (typeof value === "string") body[name] = value.trim();
      }
      // An emptied birthday clears it.
      body.birthday = textField(form, "birthday") ?? null;
      // Camfans and camgirls may switch between the two; the field is absent for admins.
      const roleId = Number(textField(form, "role_id"));
      if (roleId && roleId !== Number(textField(form, "current_role_id"))) body.role_id = roleId;
      return outcome(intent, await apiCall(context, "PUT", "/profile", { body }), formValues(form));
    }
    case "password": {
      const body: Record<string, string> = {
        password: String(form.get("password") ?? ""),
        confirm: String(form.get("confirm") ?? ""),
      };
      // Accounts made through Google / X set their first password without a current one.
      if (form.has("current_password")) body.current_password = String(form.get("current_password"));
      return outcome(intent, await apiCall(context, "PUT", "/profile", { body }));
    }
    case "avatar": {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0)
        return data<AccountResult>(
          {
            intent,
            ok: false,
            fieldErrors: { file: ACCOUNT_TEXT.chooseImage },
            message: ACCOUNT_TEXT.chooseImage,
          },
          { status: 422 },
        );
      const upload = new FormData();
      upload.set("file", file, file.name);
      const media = await apiCall<{ id: number }>(context, "POST", "/media/avatar", { body: upload });
      if (!media.ok) return outcome(intent, media);
      return outcome(
        intent,
        await apiCall(context, "PUT", "/profile", { body: { avatar_media_id: media.body.id } }),
      );
    }
    case "avatar-remove":
      return outcome(intent, await apiCall(context, "PUT", "/profile", { body: { avatar_media_id: null } }));
    case "read": {
      const id = encodeURIComponent(String(form.get("id") ?? ""));
      return outcome(intent, await apiCall(context, "POST", `/notifications/${id}/read`));
    }
    case "read-all":
      return outcome(intent, await apiCall(context, "POST", "/notifications/read-all"));
    default:
      throw data("Unknown action", { status: 400 });
  }
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { user, notifications } = loaderData;
  const result = useActionData<typeof action>() as AccountResult | undefined;
  useSnackbarNote(result);
  const forIntent = (intent: Intent) => (result?.intent === intent ? result : undefined);
  const profile = forIntent("profile");
  const password = forIntent("password");
  const avatar = forIntent("avatar") ?? forIntent("avatar-remove");
  const values = profile?.ok === false ? (profile.values ?? {}) : {};
  const errors = profile?.fieldErrors ?? {};
  const hasPassword = user.has_password !== false;
  const value = (name: keyof OwnUser & string) => values[name] ?? String(user[name] ?? "");

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header className="flex flex-wrap items-center gap-4">
        <Avatar src={user.avatar_path} name={user.nick_name} size={64} />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold">Your account</h1>
          <p className="text-neutral-600">
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
        ].map(([href, label]) => (
          <a
            key={href}
            href={href}
            className="rounded-full bg-white px-3 py-1 ring-1 ring-neutral-200 hover:ring-brand-500"
          >
            {label}
          </a>
        ))}
      </nav>

      <CardSection id="profile" title="Profile">
        <Form method="post" className="space-y-4" noValidate>
          {profile && <FormAlert tone={profile.ok ? "success" : "error"}>{profile.message}</FormAlert>}
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
          <TextAreaField
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
            {avatar && <FormAlert tone={avatar.ok ? "success" : "error"}>{avatar.message}</FormAlert>}
            <TextField
              label="New avatar"
              name="file"
              type="file"
              accept={IMAGE_ACCEPT}
              required
              hint={`JPG, PNG or WebP, up to ${(IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024).toFixed(1)} MB.`}
              error={avatar?.fieldErrors?.file}
              className="file:mr-3 file:rounded file:border-0 file:bg-surface-muted file:px-3 file:py-1 file:text-sm"
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
          {password && <FormAlert tone={password.ok ? "success" : "error"}>{password.message}</FormAlert>}
          {hasPassword ? (
            <PasswordField
              label="Current password"
              name="current_password"
              autoComplete="current-password"
              required
              error={password?.fieldErrors?.current_password}
            />
          ) : (
            <p className="text-sm text-neutral-600">
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
              error={password?.fieldErrors?.password}
            />
            <PasswordField
              label="Confirm new password"
              name="confirm"
              autoComplete="new-password"
              required
              error={password?.fieldErrors?.confirm}
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
    </div>
  );
}
export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";
