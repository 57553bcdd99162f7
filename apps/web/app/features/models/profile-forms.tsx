import { LINK_CATEGORIES, LINK_CONTAINS, NICKNAME_TYPES, TEXT_LIMITS } from "@camatlas/shared";
import { MODEL_REPORT_REASONS } from "@camatlas/shared/schemas/catalog";
import { Form } from "react-router";
import { cardClass } from "../../components/ui/card.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { fieldError } from "../../lib/errors/intent-result.ts";
import {
  LINK_CATEGORY_LABELS,
  LINK_CONTAINS_LABELS,
  NICKNAME_TYPE_LABELS,
  REPORT_REASON_LABELS,
} from "../catalog/catalog-labels.ts";

// The small forms of the model page. They post to the page's action with an `intent` and work without JavaScript.

export function AddNicknameForm({
  modelId,
  camsites,
  result,
}: {
  modelId: number;
  camsites: ReadonlyArray<{ id: number; name: string }>;
  result: unknown;
}) {
  return (
    <Form method="post" preventScrollReset className={cardClass()}>
      <input type="hidden" name="model_id" value={modelId} />
      <h3 className="mb-3 font-semibold text-ink">Add a nickname</h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-end">
        <SelectField
          label="Camsite"
          name="cam_site_id"
          required
          placeholder="Choose a camsite"
          options={camsites.map((c) => ({ value: String(c.id), label: c.name }))}
          error={fieldError(result, "add-nickname", "cam_site_id")}
        />
        <TextField
          label="Nickname"
          name="nickname"
          required
          minLength={TEXT_LIMITS.camsiteNickname.min}
          maxLength={TEXT_LIMITS.camsiteNickname.max}
          autoComplete="off"
          error={fieldError(result, "add-nickname", "nickname", "nicknames")}
        />
        <SelectField
          label="Type"
          name="type"
          defaultValue="solo"
          options={NICKNAME_TYPES.map((t) => ({ value: t, label: NICKNAME_TYPE_LABELS[t] }))}
        />
        <SubmitButton intent="add-nickname" busyLabel="Adding…" size="md">
          Add nickname
        </SubmitButton>
      </div>
    </Form>
  );
}

export function AddLinkForm({ modelId, result }: { modelId: number; result: unknown }) {
  return (
    <Form method="post" preventScrollReset className={cardClass()}>
      <input type="hidden" name="model_id" value={modelId} />
      <h3 className="mb-3 font-semibold text-ink">Add a link</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Label"
          name="label"
          required
          maxLength={TEXT_LIMITS.linkLabel}
          error={fieldError(result, "add-link", "label")}
        />
        <TextField
          label="Address"
          name="url"
          type="url"
          required
          placeholder="https://"
          maxLength={TEXT_LIMITS.url}
          error={fieldError(result, "add-link", "url", "links")}
        />
        <SelectField
          label="Category"
          name="category"
          defaultValue="official_site"
          options={LINK_CATEGORIES.map((c) => ({ value: c, label: LINK_CATEGORY_LABELS[c] }))}
          error={fieldError(result, "add-link", "category")}
        />
        <SelectField
          label="Contains"
          name="contains"
          defaultValue="text_only"
          options={LINK_CONTAINS.map((c) => ({ value: c, label: LINK_CONTAINS_LABELS[c] }))}
          error={fieldError(result, "add-link", "contains")}
        />
      </div>
      <div className="mt-3">
        <SubmitButton intent="add-link" busyLabel="Adding…" size="md">
          Add link
        </SubmitButton>
      </div>
    </Form>
  );
}

export function ReportForm({ modelId, result }: { modelId: number; result: unknown }) {
  return (
    <Form method="post" preventScrollReset className="space-y-3">
      <input type="hidden" name="model_id" value={modelId} />
      <fieldset>
        <legend className="text-sm font-medium text-ink">What is wrong?</legend>
        <div className="mt-2 space-y-1">
          {MODEL_REPORT_REASONS.map((reason, index) => (
            <label key={reason} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="reason"
                value={reason}
                defaultChecked={index === 0}
                className="accent-primary"
              />
              {REPORT_REASON_LABELS[reason]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        multiline
        label="Details (optional)"
        name="text"
        rows={3}
        maxLength={2000}
        error={fieldError(result, "report", "text", "reason")}
      />
      <SubmitButton intent="report" busyLabel="Sending…" size="md">
        Send report
      </SubmitButton>
    </Form>
  );
}
