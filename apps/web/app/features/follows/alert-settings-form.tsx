import type { AlertSettings } from "@camatlas/shared/api-contract";
import { Form } from "react-router";
import { CheckboxField } from "../../components/ui/checkbox-field.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";

const EMAIL_OPTIONS = [
  { value: "off", label: "No e-mail" },
  { value: "instant", label: "Right away", description: "One e-mail per alert." },
  { value: "digest", label: "Daily digest", description: "One e-mail a day with every alert." },
] as const;

/** "20:30" of minutes after midnight; empty for none. */
export function timeOfMinutes(minutes: number | null): string {
  if (minutes === null) return "";
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Minutes after midnight of "20:30"; null for an empty or malformed value. */
export function minutesOfTime(value: FormDataEntryValue | null): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(String(value ?? ""));
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes < 1440 ? minutes : null;
}

/** The fan's global alert settings; each followed model may differ (mute on the Following page). */
export function AlertSettingsForm({
  settings,
  timeZones,
  errors,
}: {
  settings: AlertSettings;
  timeZones: readonly string[];
  errors: Record<string, string>;
}) {
  return (
    <Form method="post" className="space-y-6">
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-ink-soft">Where alerts reach you</legend>
        <CheckboxField
          name="in_site"
          label="On this site (the bell in the header)"
          defaultChecked={settings.in_site}
        />
        <CheckboxField
          name="push"
          label="In browsers where you turned alerts on"
          defaultChecked={settings.push}
        />
      </fieldset>
      <RadioGroup
        legend="E-mail"
        name="email"
        options={EMAIL_OPTIONS}
        defaultValue={settings.email}
        error={errors.email}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-ink-soft">What you hear about</legend>
        <CheckboxField
          name="each_session"
          label="Every time she comes online"
          hint="Otherwise after an alert you hear nothing more about her for 2 hours."
          defaultChecked={settings.each_session}
        />
        <CheckboxField
          name="show_changes"
          label="Show changes"
          hint="When she starts or ends a private, group or ticketed show."
          defaultChecked={settings.show_changes}
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-ink-soft">Quiet hours</legend>
        <p className="text-sm text-ink-muted">
          No pushes or e-mails in these hours; the alerts still wait for you on the site.
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            type="time"
            name="quiet_start"
            label="From"
            defaultValue={timeOfMinutes(settings.quiet_start_minute)}
            error={errors.quiet_start_minute}
          />
          <TextField
            type="time"
            name="quiet_end"
            label="Until"
            defaultValue={timeOfMinutes(settings.quiet_end_minute)}
            error={errors.quiet_end_minute}
          />
          <SelectField
            name="time_zone"
            label="Your time zone"
            defaultValue={settings.time_zone}
            options={timeZones.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }))}
            error={errors.time_zone}
          />
        </div>
      </fieldset>
      <SubmitButton>Save alert settings</SubmitButton>
    </Form>
  );
}
