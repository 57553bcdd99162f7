import { blurPlaceholder } from "@camatlas/shared";
import type { MediaReply } from "@camatlas/shared/api-contract";
import { useState } from "react";
import { BlurImage } from "../../components/ui/blur-image.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";

// A comment's images as thumbnails; a click opens the picture large in a lightbox (without JavaScript the link
// opens the image itself).

export function CommentMedia({ media, author }: { media: MediaReply[]; author: string }) {
  const [open, setOpen] = useState<MediaReply | null>(null);
  if (media.length === 0) return null;
  return (
    <>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label="Attached images">
        {media.map((item, i) => (
          <li key={item.id}>
            <a
              href={item.link}
              onClick={(event) => {
                event.preventDefault();
                setOpen(item);
              }}
              className="block overflow-hidden rounded-lg ring-1 ring-line"
            >
              <BlurImage
                src={item.link}
                placeholder={blurPlaceholder(item.blurhash)}
                alt={`Attachment ${i + 1} of ${media.length} by ${author}`}
                width={96}
                height={96}
                loading="lazy"
                decoding="async"
                className="size-24 object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={`Attached by ${author}`}
        className="max-w-3xl"
      >
        {open && (
          <BlurImage
            src={open.link}
            placeholder={blurPlaceholder(open.blurhash)}
            alt={`Attached by ${author}`}
            width={open.meta.width ?? undefined}
            height={open.meta.height ?? undefined}
            className="mx-auto max-h-[75vh] w-auto rounded-lg object-contain"
          />
        )}
      </Dialog>
    </>
  );
}
