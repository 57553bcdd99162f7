import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { IMAGE_UPLOAD } from "./upload-file.ts";
import { UploadListField } from "./upload-list-field.tsx";
import { UploadProgress } from "./upload-progress.tsx";

// What the server sends (and a browser without JavaScript keeps): the files ride with the multipart form.

describe("UploadListField without JavaScript", () => {
  it("is a plain multiple file input named for the form, with its label, limit and error, and no bar yet", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <UploadListField
          label="Images"
          fileName="attachments"
          mediaName="attachment_ids"
          target={IMAGE_UPLOAD}
          max={5}
          error="At most 5 images."
        />
      </MemoryRouter>,
    );
    const input = html.match(/<input[^>]*type="file"[^>]*>/)?.[0] ?? "";
    expect(input).toContain('name="attachments"');
    expect(input).toContain('multiple=""');
    expect(html).not.toContain('disabled=""');
    expect(html).toContain("(optional, up to 5)");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("At most 5 images.");
    expect(html).not.toContain("attachment_ids");
    expect(html).not.toContain('role="progressbar"');
  });
});

describe("UploadProgress", () => {
  const file = new File(["x"], "stage.png", { type: "image/png" });
  const render = (state: Parameters<typeof UploadProgress>[0]["state"]) =>
    renderToStaticMarkup(
      <UploadProgress state={state} onCancel={() => {}} onRetry={() => {}} label="Images" />,
    );

  it("shows the percentage on a named bar and Cancel while the file goes", () => {
    const html = render({ status: "uploading", percent: 42, file });
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-label="Images: stage.png"');
    expect(html).toContain('aria-valuenow="42"');
    expect(html).toContain("42%");
    expect(html).toContain(">Cancel<");
    expect(html).not.toContain(">Retry<");
  });

  it("offers Retry with the reason after a failure, and after a cancel", () => {
    const failed = render({ status: "failed", message: "Not an image.", file });
    expect(failed).toContain("Not an image.");
    expect(failed).toContain(">Retry<");
    expect(failed).not.toContain(">Cancel<");
    expect(render({ status: "cancelled", file })).toContain(">Retry<");
  });
});
