import { IMAGE_ACCEPT } from "@camatlas/shared";
import { mediaEndpoints } from "@camatlas/shared/api-contract";
import { useState } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { browserCall, handleClientError } from "../../lib/errors/browser-api.ts";
import { useSnackbarNote } from "../../lib/errors/snackbar.tsx";

/** Uploads a featured picture (POST /api/media/featured-model), then saves it on the entry. */
export function FeaturedPictureButton({ entryId, modelName }: { entryId: number; modelName: string }) {
  const fetcher = useFetcher();
  useSnackbarNote(fetcher.data);
  const [uploading, setUploading] = useState(false);
  async function upload(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const body = new FormData();
    body.append("file", file);
    setUploading(true);
    try {
      const media = await browserCall(mediaEndpoints.featuredModel, { form: body });
      fetcher.submit(
        { intent: "picture", id: String(entryId), media_id: String(media.id) },
        { method: "post" },
      );
    } catch (error) {
      handleClientError(error);
    } finally {
      setUploading(false);
    }
  }
  return (
    <label
      className={buttonClass({
        variant: "ghost",
        size: "xs",
        className: "cursor-pointer focus-within:ring-2 focus-within:ring-focus",
      })}
    >
      {uploading || fetcher.state !== "idle" ? "Uploading…" : "Picture"}
      <input
        type="file"
        accept={IMAGE_ACCEPT}
        onChange={upload}
        className="sr-only"
        aria-label={`Upload a featured picture of ${modelName}`}
      />
    </label>
  );
}
