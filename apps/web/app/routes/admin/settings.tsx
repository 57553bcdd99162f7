import { CONTACT_ADDRESS_LABELS, DEFAULT_LOCALE, SUCCESS_MESSAGES } from "@camatlas/shared";
import { settingEndpoints } from "@camatlas/shared/api-contract";
import {
  type Banner,
  isSettingName,
  READ_ONLY_SETTINGS,
  SETTING_DEFAULTS,
} from "@camatlas/shared/schemas/settings";
import { data } from "react-router";
import { Card } from "../../components/ui/card.tsx";
import { CheckboxField } from "../../components/ui/checkbox-field.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { BannersField } from "../../features/admin-settings/banners-field.tsx";
import { ImageField } from "../../features/admin-settings/image-field.tsx";
import {
  type EditableSetting,
  settingValueFromForm,
  TEXT_SETTINGS,
} from "../../features/admin-settings/setting-form.ts";
import { SettingSection } from "../../features/admin-settings/setting-section.tsx";
import { homeNumbers, homeSettings } from "../../features/home/site-settings.ts";
import { actionFailure, actionSuccess } from "../../lib/errors/action-result.ts";
import { apiLoad } from "../../lib/errors/loader-errors.ts";
import { apiContext } from "../../lib/load-context.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/settings";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const reply = await apiLoad(context.get(apiContext).call(settingEndpoints.object, {}));
  return { settings: reply.settings, isPublic: reply.is_public };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request);
  const form = await request.formData();
  const name = String(form.get("setting") ?? "");
  if (!isSettingName(name) || READ_ONLY_SETTINGS.includes(name)) return data({ ok: false }, { status: 400 });
  const value = settingValueFromForm(name as EditableSetting, form);
  try {
    await context.get(apiContext).call(settingEndpoints.update, {
      params: { name },
      body: { name, value, is_public: form.get("is_public") !== null },
    });
    return actionSuccess(SUCCESS_MESSAGES.settingsSaved);
  } catch (error) {
    return actionFailure(error);
  }
}

export function meta() {
  return [{ title: "Settings | Admin" }, { name: "robots", content: "noindex" }];
}

const TEXT_SETTING_TITLES: Record<(typeof TEXT_SETTINGS)[number], string> = {
  register: "Register page",
  forgot_password: "Forgot password page",
  blocked: "Blocked account page",
  not_found: "Not-found page",
};

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, isPublic } = loaderData;
  const home = homeSettings(settings);
  const numbers = homeNumbers(settings);
  const login = objectOf(settings.login);
  const featured = objectOf(settings.featured_models);
  const contact = objectOf(settings.contact);
  const banners = Array.isArray(settings.banners) ? (settings.banners as Banner[]) : SETTING_DEFAULTS.banners;
  const publicFlag = (name: string) => isPublic[name] ?? true;

  return (
    <div className="space-y-6">
      <PageHeader size="md" title="Settings" lead="Texts and images of the public pages." />

      <SettingSection name="home" title="Home page" isPublic={publicFlag("home")}>
        <TextField label="Title" name="title" defaultValue={home.title} required />
        <TextField label="Subheading" name="subheading" defaultValue={home.subheading} />
        <ImageField name="header_image" label="Header image" defaultValue={home.header_image} />
        <ImageField
          name="mobile_header_image"
          label="Mobile header image"
          defaultValue={home.mobile_header_image}
          hint="Shown on screens narrower than 640 px."
        />
        <ImageField name="footer_image" label="Footer image" defaultValue={home.footer_image} />
      </SettingSection>

      <Card as="section" aria-labelledby="setting-home_numbers" padding="lg">
        <h2 id="setting-home_numbers" className="text-lg font-semibold text-ink">
          Numbers on the home page
        </h2>
        <p className="mt-1 text-sm text-ink-muted">Computed from live counts; read-only.</p>
        <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {numbers.map((item) => (
            <div key={item.label} className="rounded-lg bg-surface-muted p-3">
              <dt className="text-xs text-ink-muted">{item.label}</dt>
              <dd className="text-xl font-bold tabular-nums">
                {typeof item.value === "number" ? item.value.toLocaleString(DEFAULT_LOCALE) : item.value}
              </dd>
            </div>
          ))}
        </dl>
      </Card>

      <SettingSection name="login" title="Login page" isPublic={publicFlag("login")}>
        <ImageField
          name="background"
          label="Background image"
          defaultValue={typeof login.background === "string" ? login.background : null}
        />
      </SettingSection>

      {TEXT_SETTINGS.map((name) => {
        const value = objectOf(settings[name]);
        return (
          <SettingSection
            key={name}
            name={name}
            title={TEXT_SETTING_TITLES[name]}
            isPublic={publicFlag(name)}
          >
            <TextField label="Title" name="title" defaultValue={String(value.title ?? "")} required />
            <TextField multiline label="Text" name="text" rows={3} defaultValue={String(value.text ?? "")} />
          </SettingSection>
        );
      })}

      <SettingSection
        name="contact"
        title="Contact addresses"
        description="E-mail addresses on the Contact page; a line whose address is empty is not shown."
        isPublic={publicFlag("contact")}
      >
        {(Object.keys(CONTACT_ADDRESS_LABELS) as (keyof typeof CONTACT_ADDRESS_LABELS)[]).map((key) => (
          <TextField
            key={key}
            type="email"
            autoComplete="off"
            label={CONTACT_ADDRESS_LABELS[key]}
            name={key}
            defaultValue={typeof contact[key] === "string" ? String(contact[key]) : ""}
          />
        ))}
      </SettingSection>

      <SettingSection name="featured_models" title="Featured models" isPublic={publicFlag("featured_models")}>
        <CheckboxField
          name="show_default_image"
          defaultChecked={featured.show_default_image !== false}
          label="Show the model's default image when a featured model has no picture of its own"
        />
      </SettingSection>

      <SettingSection name="banners" title="Banners" isPublic={publicFlag("banners")}>
        <BannersField banners={banners} />
      </SettingSection>
    </div>
  );
}
