import {
  BLOCK_PLACE_MESSAGES,
  findCountry,
  findPlace,
  findRegion,
  PAGE_VISIBLE_FOR,
  type PageVisibleFor,
  STATS_GRAPH_DETAILS_STATUSES,
  type StatsGraphDetailsStatus,
} from "@camatlas/shared";
import {
  type MessageReply,
  mediaEndpoints,
  modelActionEndpoints,
  modelEndpoints,
  tagEndpoints,
} from "@camatlas/shared/api-contract";
import type { ModelUpdateInput } from "@camatlas/shared/schemas/catalog";
import { data, Form, Link, useActionData } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { CardSection } from "../components/ui/card.tsx";
import { CheckboxField } from "../components/ui/checkbox-field.tsx";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { SelectField } from "../components/ui/select-field.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import {
  BLOCK_TYPE_LABELS,
  GRAPH_DETAILS_LABELS,
  PAGE_VISIBLE_FOR_LABELS,
} from "../features/catalog/catalog-labels.ts";
import { BlockPlacesForm } from "../features/models/block-places-form.tsx";
import { ModelFields } from "../features/models/model-fields.tsx";
import { changedModelFields } from "../features/models/model-form-values.ts";
import { imageOfForm } from "../features/models/upload-image.server.ts";
import { ApiResponseError } from "../lib/api-client.ts";
import { apiLoad, useSnackbarNote } from "../lib/errors/index.ts";
import { fieldErrors, intentFailure, intentSuccess } from "../lib/errors/intent-result.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import type { Route } from "./+types/model-edit";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /models/{slug}/edit: propose an edit (a revision an admin approves; admins save directly). The bound camgirl
// (and admins) also control who sees the page, geo/IP blocks and whether others may change the avatar.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireSignedIn(request);
  const api = context.get(apiContext);
  const [model, tags] = await Promise.all([
    apiLoad(api.call(modelEndpoints.bySlug, { params: { slug: params.slug } })),
    apiLoad(api.call(tagEndpoints.list, {})),
  ]);
  const can = model.can;
  if (!can.edit && !can.change_visibility && !can.block && !can.change_avatar_accessibility)
    throw data({ snackbar: "You may not edit this profile." }, { status: 403 });
  return { model, tags: tags.data.map(({ id, name }) => ({ id, name })) };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: `Edit ${args.loaderData?.model.name ?? "model"}`, noindex: true });
}

const flag = (form: FormData, name: string) => form.get(name) === "on" || form.get(name) === "1";

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedIn(request);
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("model_id"));
  /** Every picked place blocked in turn (the API keeps the codes); a name typed without JS is read as one. */
  const blockPlaces = async (modelId: number, data: FormData): Promise<MessageReply> => {
    const codes = data.getAll("place").map(String);
    const typed = String(data.get("place_text") ?? "").trim();
    if (typed) {
      const place = findPlace(typed);
      if (!place) throw new ApiResponseError(422, placeError(BLOCK_PLACE_MESSAGES.unknown(typed)));
      codes.push(place.code);
    }
    if (codes.length === 0) throw new ApiResponseError(422, placeError(BLOCK_PLACE_MESSAGES.nonePicked));
    let last: MessageReply | null = null;
    for (const code of new Set(codes)) {
      const place = findPlace(code);
      if (!place) throw new ApiResponseError(422, placeError(BLOCK_PLACE_MESSAGES.unknown(code)));
      last = await api.call(modelActionEndpoints.block, {
        params: { id: modelId },
        body: { blockable_type: place.type, location: place.code },
      });
    }
    return last!;
  };
  try {
    let reply: MessageReply;
    switch (intent) {
      case "profile": {
        const body: ModelUpdateInput = { ...changedModelFields(form) };
        const avatarId = await imageOfForm(context, mediaEndpoints.avatar, form, {
          fileName: "avatar",
          mediaName: "avatar_upload_id",
        });
        if (avatarId !== null) body.avatar_media_id = avatarId;
        reply = await api.call(modelEndpoints.update, { params: { id }, body });
        break;
      }
      case "visibility":
        reply = await api.call(modelActionEndpoints.visibilitySettings, {
          params: { id },
          body: {
            // The choices are checked by the API (422 for another value).
            page_visible_for: String(form.get("page_visible_for") ?? "everyone") as PageVisibleFor,
            is_country_age_hidden: flag(form, "is_country_age_hidden"),
            is_stats_page_last_activity_hidden: flag(form, "is_stats_page_last_activity_hidden"),
            is_stats_page_past_nicknames_hidden: flag(form, "is_stats_page_past_nicknames_hidden"),
            is_stats_page_longest_sessions_hidden: flag(form, "is_stats_page_longest_sessions_hidden"),
            stats_page_activity_graph_details_status: String(
              form.get("stats_page_activity_graph_details_status") ?? "show_all_data",
            ) as StatsGraphDetailsStatus,
          },
        });
        break;
      case "block-places":
        reply = await blockPlaces(id, form);
        break;
      case "block":
        // IP addresses and ranges; places are picked by name (block-places).
        reply = await api.call(modelActionEndpoints.block, {
          params: { id },
          body: { blockable_type: "ip", location: String(form.get("location") ?? "").trim() },
        });
        break;
      case "unblock":
        reply = await api.call(modelActionEndpoints.unblock, {
          params: { id },
          body: { block_id: Number(form.get("block_id")) },
        });
        break;
      case "avatar-lock":
        reply = await api.call(modelActionEndpoints.changeAvatarAccessibility, {
          params: { id },
          body: { forbid_avatar_changes: flag(form, "forbid_avatar_changes") },
        });
        break;
      default:
        throw data("Unknown action", { status: 400 });
    }
    return intentSuccess(intent, reply.message);
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    return intentFailure(intent, error);
  }
}

const placeError = (text: string) => ({ message: text, errors: { place: [text] } });

/** A block as people read it: "Germany", "California, United States", or the IP range itself. */
function blockName(block: { blockable_type: string; location: string }): string {
  if (block.blockable_type === "country") return findCountry(block.location)?.name ?? block.location;
  if (block.blockable_type === "state") {
    const region = findRegion(block.location);
    return region
      ? `${region.name}, ${findCountry(region.countryCode)?.name ?? region.countryCode}`
      : block.location;
  }
  return block.location;
}

export default function ModelEdit({ loaderData }: Route.ComponentProps) {
  const { model, tags } = loaderData;
  const result = useActionData<typeof action>();
  useSnackbarNote(result);
  const can = model.can;
  const v = model.visibility_settings;
  const profileErrors = fieldErrors(result, "profile");
  const done = (intent: string) =>
    result && result.intent === intent && result.ok ? result.snackbar?.text : undefined;
  const hidden = <input type="hidden" name="model_id" value={model.id} />;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        crumbs={
          <>
            <Link to={`/models/${model.slug}`} className="hover:underline">
              {model.name}
            </Link>{" "}
            / Edit
          </>
        }
        title={`Edit ${model.name}`}
        lead={
          can.edit && !can.edit_directly
            ? "Your changes are sent to an admin and show on the profile once approved."
            : undefined
        }
      />

      {can.edit && (
        <CardSection id="profile" title="Profile">
          {done("profile") && <FormAlert tone="success">{done("profile")}</FormAlert>}
          <Form method="post" encType="multipart/form-data" className="mt-3 space-y-5">
            {hidden}
            <ModelFields
              defaults={{ ...model, tag_ids: model.tags.map((t) => t.id) }}
              errors={profileErrors}
              tags={tags}
              avatar={can.change_avatar}
              trackChanges
              avatarHint="JPG, PNG or WebP, up to 5 MB. Leave empty to keep the current picture."
            />
            {!can.change_avatar && model.forbid_avatar_changes && (
              <p className="text-sm text-ink-muted">The model does not allow others to change her avatar.</p>
            )}
            {profileErrors.body && <FormAlert>{profileErrors.body}</FormAlert>}
            <SubmitButton intent="profile" busyLabel="Saving…" size="md">
              {can.edit_directly ? "Save changes" : "Submit for approval"}
            </SubmitButton>
          </Form>
        </CardSection>
      )}

      {can.change_visibility && (
        <CardSection
          id="privacy"
          title="Who sees this profile"
          lead="These settings apply to every page of the model."
        >
          <Form method="post" className="space-y-4">
            {hidden}
            <fieldset>
              <legend className="text-sm font-medium text-ink">Page visible for</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-3">
                {PAGE_VISIBLE_FOR.map((value) => (
                  <label
                    key={value}
                    className="flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
                  >
                    <input
                      type="radio"
                      name="page_visible_for"
                      value={value}
                      defaultChecked={v.page_visible_for === value}
                      className="accent-primary"
                    />
                    {PAGE_VISIBLE_FOR_LABELS[value]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="space-y-2">
              <CheckboxField
                name="is_country_age_hidden"
                label="Hide my country and age"
                defaultChecked={v.is_country_age_hidden}
              />
              <CheckboxField
                name="is_stats_page_last_activity_hidden"
                label="Hide my last activity on the stats page"
                defaultChecked={v.is_stats_page_last_activity_hidden}
              />
              <CheckboxField
                name="is_stats_page_past_nicknames_hidden"
                label="Hide my past nicknames on the stats page"
                defaultChecked={v.is_stats_page_past_nicknames_hidden}
              />
              <CheckboxField
                name="is_stats_page_longest_sessions_hidden"
                label="Hide my longest sessions on the stats page"
                defaultChecked={v.is_stats_page_longest_sessions_hidden}
              />
            </div>
            <SelectField
              label="Activity graph on the stats page"
              name="stats_page_activity_graph_details_status"
              defaultValue={v.stats_page_activity_graph_details_status}
              options={STATS_GRAPH_DETAILS_STATUSES.map((s) => ({
                value: s,
                label: GRAPH_DETAILS_LABELS[s],
              }))}
            />
            <SubmitButton intent="visibility" busyLabel="Saving…" size="md">
              Save visibility
            </SubmitButton>
          </Form>
        </CardSection>
      )}

      {(can.block || can.view_blocks) && (
        <CardSection
          id="blocks"
          title="Blocked locations"
          lead="Visitors from these countries, states or IP ranges do not see the profile at all."
        >
          {model.blocks && model.blocks.length > 0 ? (
            <ul className="mb-4 divide-y divide-line-soft rounded-md border border-line-soft">
              {model.blocks.map((block) => (
                <li key={block.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span>
                    <span className="text-ink-muted">{BLOCK_TYPE_LABELS[block.blockable_type]}:</span>{" "}
                    <span className={block.blockable_type === "ip" ? "font-mono font-medium" : "font-medium"}>
                      {blockName(block)}
                    </span>
                  </span>
                  {can.block && (
                    <Form method="post">
                      {hidden}
                      <input type="hidden" name="block_id" value={block.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="unblock"
                        variant="danger"
                        size="xs"
                        aria-label={`Remove block ${blockName(block)}`}
                      >
                        Remove
                      </Button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-4 text-sm text-ink-muted">Nothing is blocked.</p>
          )}
          {can.block && (
            <div className="space-y-6">
              {done("block-places") && <FormAlert tone="success">{done("block-places")}</FormAlert>}
              <BlockPlacesForm
                hidden={hidden}
                error={fieldErrors(result, "block-places").place}
                // A new, empty list of picks once they are blocked.
                resetKey={result?.intent === "block-places" && result.ok ? result.snackbar?.id : undefined}
              />
              <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
                {hidden}
                <TextField
                  label="IP address or range"
                  name="location"
                  required
                  maxLength={64}
                  placeholder="203.0.113.7 or 203.0.113.0/24"
                  error={fieldErrors(result, "block").location}
                />
                <SubmitButton intent="block" busyLabel="Adding…" size="md">
                  Block IP
                </SubmitButton>
              </Form>
            </div>
          )}
        </CardSection>
      )}

      {can.change_avatar_accessibility && (
        <CardSection id="avatar-lock" title="Avatar">
          <Form method="post" className="flex flex-wrap items-center gap-4">
            {hidden}
            <CheckboxField
              name="forbid_avatar_changes"
              label="Do not let other members change my avatar"
              defaultChecked={model.forbid_avatar_changes}
            />
            <SubmitButton intent="avatar-lock" busyLabel="Saving…" size="md">
              Save
            </SubmitButton>
          </Form>
        </CardSection>
      )}
    </div>
  );
}
