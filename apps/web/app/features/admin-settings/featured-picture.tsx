import { IMAGE_ACCEPT } from "@camatlas/shared";
import { useFetcher } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { useSnackbarNote } from "../../lib/errors/snackbar.tsx";
import { IMAGE_UPLOAD } from "../media/upload-file.ts";
import { UploadProgress } from "../media/upload-progress.tsx";
import { useUpload } from "../media/use-upload.ts";

/** Uploads a featured picture (presigned) with its progress bar, then saves it on the entry. */
export function FeaturedPictureButton({ entryId, modelName }: { entryId: number; modelName: string }) {
  const fetcher = useFetcher();
  useSnackbarNote(fetcher.data);
  const upload = useUpload(IMAGE_UPLOAD);
  async function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const media = await upload.start(file);
    if (media)
      fetcher.submit(
        { intent: "picture", id: String(entryId), media_id: String(media.id) },
        { method: "post" },
      );
  }
  const busy = upload.state.status === "uploading" || fetcher.state !== "idle";
  return (
    <span className="inline-flex flex-col gap-2">
      <label
        className={buttonClass({
          variant: "ghost",
          size: "xs",
          className: "cursor-pointer focus-within:ring-2 focus-within:ring-focus",
        })}
      >
        {busy ? "Uploading…" : "Picture"}
        <input
          type="file"
          accept={IMAGE_ACCEPT}
          onChange={choose}
          className="sr-only"
          aria-label={`Upload a featured picture of ${modelName}`}
        />
      </label>
      <UploadProgress
        state={upload.state}
        onCancel={upload.cancel}
        onRetry={async () => {
          const media = await upload.retry();
          if (media)
            fetcher.submit(
              { intent: "picture", id: String(entryId), media_id: String(media.id) },
              { method: "post" },
            );
        }}
        label={`Featured picture of ${modelName}`}
      />
    </span>
  );
}
