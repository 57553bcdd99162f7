import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { FieldError } from "../../components/ui/field-frame.tsx";
import type { UploadTarget } from "../media/upload-file.ts";
import { UploadProgress } from "../media/upload-progress.tsx";
import { useUpload } from "../media/use-upload.ts";

// A review's photos: each chosen file uploads at once (POST /media/user-reviews) with its own progress bar; the
// form sends the ids of those uploaded, in order.

export interface ReviewImage {
  id: number;
  link: string;
}

const TARGET: UploadTarget = { kind: "form", path: "/media/user-reviews" };
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];

interface Item {
  key: string;
  file?: File;
  image?: ReviewImage;
}

let nextKey = 0;
const keyOf = () => `image-${++nextKey}`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function ReviewImageUploads({
  initial,
  max,
  maxBytes,
  accept,
  error,
}: {
  initial: readonly ReviewImage[];
  max: number;
  maxBytes: number;
  accept: string;
  error?: string | undefined;
}) {
  const [items, setItems] = useState<Item[]>(() => initial.map((image) => ({ key: keyOf(), image })));
  const [refused, setRefused] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);

  const choose = (files: FileList | null) => {
    if (!files) return;
    const problems: string[] = [];
    const added: Item[] = [];
    for (const file of Array.from(files)) {
      // The server sniffs the content; this only spares a doomed upload.
      if (!IMAGE_TYPES.includes(file.type)) problems.push(`${file.name}: choose a jpg, png or webp image.`);
      else if (file.size > maxBytes) problems.push(`${file.name}: larger than ${megabytes(maxBytes)}.`);
      else if (items.length + added.length >= max) problems.push(`${file.name}: at most ${max} photos.`);
      else added.push({ key: keyOf(), file });
    }
    setRefused(problems);
    setItems((current) => [...current, ...added]);
    if (input.current) input.current.value = "";
  };

  const uploaded = (key: string, image: ReviewImage) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, image } : item)));
  const remove = (key: string) => setItems((current) => current.filter((item) => item.key !== key));

  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <label htmlFor="review-images" className="block text-sm font-medium text-ink-soft">
          Photos
        </label>
        <input
          ref={input}
          id="review-images"
          type="file"
          accept={accept}
          multiple
          onChange={(event) => choose(event.target.files)}
          aria-describedby="review-images-hint"
          className="block w-full text-sm text-ink-soft file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:text-accent"
        />
        <p id="review-images-hint" className="text-xs text-ink-faint">
          Up to {max} jpg, png or webp images, {megabytes(maxBytes)} each. Needs JavaScript.
        </p>
        {refused.map((text) => (
          <FieldError key={text}>{text}</FieldError>
        ))}
        {error && <FieldError>{error}</FieldError>}
      </div>
      {items.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item.key} className="space-y-2">
              {item.image ? (
                <>
                  <input type="hidden" name="image_media_ids" value={item.image.id} />
                  <img src={item.image.link} alt="" className="h-32 w-full rounded-lg object-cover" />
                </>
              ) : item.file ? (
                <ImageUpload file={item.file} onDone={(image) => uploaded(item.key, image)} />
              ) : null}
              <Button type="button" variant="ghost" size="sm" onClick={() => remove(item.key)}>
                Remove photo
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One photo on its way up: starts when shown, reports the stored image. */
function ImageUpload({ file, onDone }: { file: File; onDone: (image: ReviewImage) => void }) {
  const upload = useUpload(TARGET);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void upload.start(file).then((media) => media && onDone({ id: media.id, link: media.link }));
  }, [file, upload, onDone]);
  return (
    <UploadProgress
      state={upload.state}
      label="Photo upload"
      onCancel={upload.cancel}
      onRetry={() => void upload.retry().then((media) => media && onDone({ id: media.id, link: media.link }))}
    />
  );
}
