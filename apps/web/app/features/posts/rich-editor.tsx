import { EDITOR_HEIGHT } from "@camatlas/shared";
import Image from "@tiptap/extension-image";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useRef } from "react";
import { IMAGE_UPLOAD, type UploadedMedia } from "../media/upload-file.ts";
import { UploadProgress } from "../media/upload-progress.tsx";
import { useHoldSubmitWhileUploading } from "../media/use-hold-submit.ts";
import { useUpload } from "../media/use-upload.ts";

// The desk's rich editor (tiptap), loaded only by the admin's post form (post-body-field.tsx lazy-loads this file, so
// none of it reaches a public page). It writes HTML into the form's hidden `body` field; the API sanitizes it.

const TOOL =
  "inline-flex min-h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm font-medium text-ink-soft hover:bg-line-soft focus:outline-none focus-visible:ring-2 focus-visible:ring-focus aria-pressed:bg-primary-soft aria-pressed:text-ink disabled:opacity-50";

function ToolButton({
  label,
  pressed,
  onClick,
  disabled,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      className={TOOL}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const image = useRef<HTMLInputElement>(null);
  // An inserted image is uploaded first (presigned, with the progress bar: percentage, Cancel, Retry); the post is
  // not sent until it is in.
  const upload = useUpload(IMAGE_UPLOAD);
  const uploading = upload.state.status === "uploading";
  useHoldSubmitWhileUploading(image, uploading, upload.state.status === "done");
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
    }),
  });
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "";
    const href = window.prompt("Link address (empty removes the link)", previous);
    if (href === null) return;
    if (href.trim() === "") chain().extendMarkRange("link").unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
  };
  const insert = (media: UploadedMedia | null) => {
    if (media) chain().setImage({ src: media.link, alt: "" }).run();
  };
  return (
    <>
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap items-center gap-1 border-b border-line bg-surface-muted p-1"
      >
        <ToolButton label="Bold" pressed={active.bold} onClick={() => chain().toggleBold().run()}>
          <strong>B</strong>
        </ToolButton>
        <ToolButton label="Italic" pressed={active.italic} onClick={() => chain().toggleItalic().run()}>
          <em>I</em>
        </ToolButton>
        <ToolButton
          label="Heading"
          pressed={active.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          H2
        </ToolButton>
        <ToolButton
          label="Subheading"
          pressed={active.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          H3
        </ToolButton>
        <ToolButton
          label="Bulleted list"
          pressed={active.bullet}
          onClick={() => chain().toggleBulletList().run()}
        >
          • List
        </ToolButton>
        <ToolButton
          label="Numbered list"
          pressed={active.ordered}
          onClick={() => chain().toggleOrderedList().run()}
        >
          1. List
        </ToolButton>
        <ToolButton label="Quote" pressed={active.quote} onClick={() => chain().toggleBlockquote().run()}>
          “ ”
        </ToolButton>
        <ToolButton label="Link" pressed={active.link} onClick={setLink}>
          Link
        </ToolButton>
        <ToolButton label="Image" onClick={() => image.current?.click()} disabled={uploading}>
          Image
        </ToolButton>
        <input
          ref={image}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload.start(file).then(insert);
          }}
        />
        <ToolButton label="Undo" onClick={() => chain().undo().run()}>
          ↶
        </ToolButton>
        <ToolButton label="Redo" onClick={() => chain().redo().run()}>
          ↷
        </ToolButton>
      </div>
      <UploadProgress
        state={upload.state}
        onCancel={upload.cancel}
        onRetry={() => void upload.retry().then(insert)}
        label="Image upload"
      />
    </>
  );
}

export default function RichEditor({
  initialHtml,
  onChange,
  labelId,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  /** The id of the field's label: the editing area is named by it. */
  labelId: string;
}) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3, 4] } }), Image],
    content: initialHtml,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        "aria-labelledby": labelId,
        "aria-multiline": "true",
        role: "textbox",
        class: "prose-page min-h-full p-4 focus:outline-none",
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  if (!editor) return <div style={{ height: EDITOR_HEIGHT }} className="bg-surface" />;
  return (
    <div className="overflow-hidden rounded-lg border border-line bg-surface focus-within:ring-2 focus-within:ring-focus">
      <Toolbar editor={editor} />
      <div style={{ height: EDITOR_HEIGHT }} className="overflow-y-auto [&_img]:max-w-full">
        <EditorContent editor={editor} className="h-full [&_.ProseMirror]:min-h-full" />
      </div>
    </div>
  );
}
