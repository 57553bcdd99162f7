import { STORY_MESSAGES, STORY_SCHEDULE_MAX_DAYS } from "@camatlas/shared";
import { storyEndpoints } from "@camatlas/shared/api-contract";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ApiResponseError } from "../../lib/api-client.ts";
import { browserCall } from "../../lib/errors/browser-api.ts";
import { showSuccess } from "../../lib/errors/snackbar-store.ts";
import { UploadProgress } from "../media/upload-progress.tsx";
import { useUpload } from "../media/use-upload.ts";

// The camgirl's story composer (her Stories tab): pick an image or a video — it uploads at once with a progress bar
// (cancel, retry) — see it as it will show, choose when it goes live (now, or up to 30 days ahead) and schedule it.

const ACCEPT = "image/jpeg,image/png,image/webp,video/mp4,video/quicktime,video/webm";
const STORY_UPLOAD = { kind: "form", path: "/media/stories" } as const;

/** yyyy-MM-ddTHH:mm in the browser's time zone, for a datetime-local input. */
function localInputValue(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

export function StoryComposer({
  modelName,
  camsites,
}: {
  modelName: string;
  camsites: ReadonlyArray<{ name: string }>;
}) {
  const upload = useUpload(STORY_UPLOAD);
  const revalidator = useRevalidator();
  const [preview, setPreview] = useState<{ url: string; video: boolean } | null>(null);
  const [publishAt, setPublishAt] = useState("");
  const [camsite, setCamsite] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  // Set once the composer runs in the browser: a file picked before then would start no upload.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setPublishAt(localInputValue(new Date()));
    setHydrated(true);
  }, []);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const media = upload.state.status === "done" ? upload.state.media : null;
  const now = new Date();
  const latest = new Date(now.getTime() + STORY_SCHEDULE_MAX_DAYS * 24 * 3600_000);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!media) return setErrors({ media_id: ["Upload an image or a video first."] });
    setBusy(true);
    setErrors({});
    try {
      const reply = await browserCall(storyEndpoints.create, {
        body: {
          model_name: modelName,
          media_id: media.id,
          cam_site_name: camsite || null,
          // The input is the browser's local time; the API takes an ISO instant.
          publish_at: new Date(publishAt || Date.now()).toISOString(),
        },
      });
      showSuccess(reply.message);
      upload.reset();
      setPreview(null);
      setPublishAt(localInputValue(new Date()));
      revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiResponseError && error.status === 422) {
        setErrors((error.body as { errors?: Record<string, string[]> }).errors ?? {});
      } else setErrors({ form: [error instanceof Error ? error.message : "Something went wrong."] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      className="space-y-4"
      aria-labelledby="story-composer-title"
      data-hydrated={hydrated || undefined}
      noValidate
    >
      <h3 id="story-composer-title" className="text-lg font-semibold text-ink">
        New story
      </h3>
      {errors.form && <FormAlert>{errors.form[0]}</FormAlert>}
      <TextField
        label="Image or video"
        type="file"
        accept={ACCEPT}
        hint="jpg, png or webp up to 5 MB, or a short mp4, mov or webm video."
        error={errors.media_id}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (!file) return;
          setErrors({});
          setPreview({ url: URL.createObjectURL(file), video: file.type.startsWith("video/") });
          void upload.start(file);
        }}
      />
      <UploadProgress state={upload.state} onCancel={upload.cancel} onRetry={() => void upload.retry()} />
      {media?.processingStatus && media.processingStatus !== "Complete" && (
        <p className="text-sm text-ink-muted">{STORY_MESSAGES.videoNotReady} It shows once it is ready.</p>
      )}
      {preview && (
        <figure className="mx-auto w-40 overflow-hidden rounded-lg border border-line bg-surface-muted">
          {preview.video ? (
            <video
              src={preview.url}
              muted
              playsInline
              loop
              autoPlay
              className="aspect-[9/16] w-full object-cover"
            />
          ) : (
            <img src={preview.url} alt="Preview of the story" className="aspect-[9/16] w-full object-cover" />
          )}
          <figcaption className="sr-only">Preview</figcaption>
        </figure>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Goes live"
          type="datetime-local"
          name="publish_at"
          value={publishAt}
          min={localInputValue(now)}
          max={localInputValue(latest)}
          onChange={(event) => setPublishAt(event.currentTarget.value)}
          hint={`Now, or up to ${STORY_SCHEDULE_MAX_DAYS} days ahead. Live for 24 hours.`}
          error={errors.publish_at}
        />
        <SelectField
          label="Camsite (optional)"
          name="cam_site_name"
          value={camsite}
          onChange={(event) => setCamsite(event.currentTarget.value)}
          placeholder="None"
          options={camsites.map((c) => ({ value: c.name, label: c.name }))}
          error={errors.cam_site_name}
        />
      </div>
      {errors.model_name && <FormAlert>{errors.model_name[0]}</FormAlert>}
      <Button type="submit" disabled={busy || !media}>
        {busy ? "Scheduling…" : "Schedule story"}
      </Button>
    </form>
  );
}
