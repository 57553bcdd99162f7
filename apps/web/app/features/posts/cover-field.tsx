import { IMAGE_ACCEPT } from "@camatlas/shared";
import { useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { FieldError } from "../../components/ui/field-frame.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { IMAGE_UPLOAD } from "../media/upload-file.ts";
import { UploadProgress } from "../media/upload-progress.tsx";
import { useHoldSubmitWhileUploading } from "../media/use-hold-submit.ts";
import { useUpload } from "../media/use-upload.ts";
import { PostCover } from "./post-cover.tsx";

// The post's cover. In the browser a chosen image is uploaded at once (presigned) with a progress bar, and its id
// goes into the hidden `image_media_id`; without JavaScript the file rides with the form (`cover_file`) and the
// action uploads it first. A form sent mid-upload waits for it.

export function CoverField({
  initial,
  error,
}: {
  initial: { id: number; link: string; blurhash: string | null } | null;
  error?: string;
}) {
  const [cover, setCover] = useState(initial);
  const hydrated = useHydrated();
  const upload = useUpload(IMAGE_UPLOAD);
  const input = useRef<HTMLInputElement>(null);
  useHoldSubmitWhileUploading(input, upload.state.status === "uploading", upload.state.status === "done");

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink">Cover image</legend>
      <input type="hidden" name="image_media_id" value={cover?.id ?? ""} />
      {cover && (
        <div className="flex flex-wrap items-end gap-3">
          <PostCover src={cover.link} blurhash={cover.blurhash} className="aspect-[16/9] w-64 rounded-lg" />
          <Button type="button" variant="ghost" size="sm" onClick={() => setCover(null)} disabled={!hydrated}>
            Remove cover
          </Button>
        </div>
      )}
      <label className="block text-sm text-ink-muted">
        <span className="mb-1 block">
          {cover ? "Replace with another image" : "Choose an image"} (jpg, png or webp)
        </span>
        <input
          ref={input}
          type="file"
          name={hydrated ? undefined : "cover_file"}
          accept={IMAGE_ACCEPT}
          className="block w-full text-sm text-ink-soft file:mr-3 file:rounded-md file:border-0 file:bg-surface-muted file:px-3 file:py-2 file:text-ink"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (!hydrated || !file) return;
            const media = await upload.start(file);
            if (media) setCover({ id: media.id, link: media.link, blurhash: media.blurhash });
            event.target.value = "";
          }}
        />
      </label>
      <UploadProgress
        state={upload.state}
        onCancel={upload.cancel}
        onRetry={upload.retry}
        label="Cover upload"
      />
      {error && <FieldError>{error}</FieldError>}
    </fieldset>
  );
}
