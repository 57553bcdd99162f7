import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_UPLOAD, UploadError, uploadFile } from "./upload-file.ts";

// The browser's one way to send a file, checked against a stand-in XMLHttpRequest: the presigned path asks for a
// link, PUTs the raw file to it with progress and completes it; a refused step rejects with the API's reason.

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body?: unknown; progress?: [number, number][] } | "hang";

let sent: Sent[] = [];
let answers: Answer[] = [];

class FakeXhr {
  status = 0;
  responseText = "";
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private request: Sent = { method: "", url: "", headers: {}, body: null };
  open(method: string, url: string) {
    this.request = { method, url, headers: {}, body: null };
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  send(body: unknown) {
    this.request.body = body;
    sent.push(this.request);
    const answer = answers.shift() ?? { status: 500 };
    if (answer === "hang") return;
    queueMicrotask(() => {
      for (const [loaded, total] of answer.progress ?? [])
        this.upload.onprogress?.({ lengthComputable: true, loaded, total });
      this.status = answer.status;
      this.responseText = answer.body === undefined ? "" : JSON.stringify(answer.body);
      this.onload?.();
    });
  }
  abort() {
    queueMicrotask(() => this.onabort?.());
  }
}

const media = (id: number) => ({
  id,
  link: `/media/uploads/2026-11/${id}.webp`,
  name: "pic.webp",
  meta: { type: "image", width: 8, height: 8 },
  blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
});

const file = () => new File([new Uint8Array(10)], "pic.png", { type: "image/png" });

beforeEach(() => {
  sent = [];
  answers = [];
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = FakeXhr;
});
afterEach(() => {
  delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
});

describe("uploadFile through the presigned path", () => {
  it("asks for a link, PUTs the raw file there reporting progress, completes it and answers the stored media", async () => {
    answers = [
      {
        status: 201,
        body: {
          id: 7,
          upload_url: "/api/media/uploads/7?expires=1&signature=abc",
          method: "PUT",
          headers: { "content-type": "image/png" },
          link: "/api/admin/media/7/file",
          expires_in: 900,
        },
      },
      {
        status: 200,
        body: media(7),
        progress: [
          [5, 10],
          [10, 10],
        ],
      },
      { status: 200, body: media(7) },
    ];
    const progress: number[] = [];
    const stored = await uploadFile(file(), IMAGE_UPLOAD, {
      onProgress: (loaded, total) => progress.push(Math.round((loaded / total) * 100)),
    });

    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /api/media/presigned",
      "PUT /api/media/uploads/7?expires=1&signature=abc",
      "POST /api/media/7/complete",
    ]);
    expect(JSON.parse(String(sent[0]!.body))).toEqual({
      name: "pic.png",
      content_type: "image/png",
      size: 10,
    });
    expect(sent[1]!.headers).toEqual({ "content-type": "image/png" });
    expect(sent[1]!.body).toBeInstanceOf(File);
    expect(progress).toEqual([50, 100]);
    expect(stored).toEqual({
      id: 7,
      link: "/media/uploads/2026-11/7.webp",
      type: "image",
      blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
      processingStatus: null,
    });
  });

  it("rejects with the first field error when the link is refused, and sends nothing more", async () => {
    answers = [{ status: 422, body: { message: "Invalid", errors: { content_type: ["Not an image."] } } }];
    const failure = await uploadFile(file(), IMAGE_UPLOAD).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UploadError);
    expect((failure as UploadError).status).toBe(422);
    expect((failure as UploadError).message).toBe("Not an image.");
    expect(sent).toHaveLength(1);
  });

  it("is cancelled by its signal while the file is on its way", async () => {
    answers = [
      {
        status: 201,
        body: {
          id: 8,
          upload_url: "/api/media/uploads/8?expires=1&signature=abc",
          method: "PUT",
          headers: { "content-type": "image/png" },
          link: "/api/admin/media/8/file",
          expires_in: 900,
        },
      },
      "hang",
    ];
    const controller = new AbortController();
    const pending = uploadFile(file(), IMAGE_UPLOAD, { signal: controller.signal });
    await expect.poll(() => sent.length).toBe(2);
    controller.abort();
    const failure = await pending.catch((error: unknown) => error);
    expect((failure as DOMException).name).toBe("AbortError");
    expect(sent).toHaveLength(2);
  });
});

describe("uploadFile to a multipart endpoint", () => {
  it("posts the file in the field `file` and answers the stored media", async () => {
    answers = [{ status: 201, body: media(9) }];
    const stored = await uploadFile(file(), { kind: "form", path: "/media/avatar" });
    expect(sent[0]!.method).toBe("POST");
    expect(sent[0]!.url).toBe("/api/media/avatar");
    expect((sent[0]!.body as FormData).get("file")).toBeInstanceOf(File);
    expect(stored.id).toBe(9);
  });
});
