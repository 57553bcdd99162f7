import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { API_MESSAGES, VALIDATION_MESSAGES } from "@camatlas/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/http-errors.ts";
import { receiveUpload } from "./streamed-upload.ts";

let tempDir: string;
beforeEach(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), "camatlas-streamed-"));
});
afterEach(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

const BOUNDARY = "----camatlas-test-boundary";

/** A multipart body sent in small chunks, without a length (as a chunked upload arrives). */
function chunkedRequest(parts: Array<{ field: string; name?: string; bytes: Uint8Array }>, chunk = 1024) {
  const pieces: Uint8Array[] = [];
  const text = new TextEncoder();
  for (const part of parts) {
    const disposition = part.name
      ? `form-data; name="${part.field}"; filename="${part.name}"`
      : `form-data; name="${part.field}"`;
    pieces.push(
      text.encode(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      part.bytes,
      text.encode("\r\n"),
    );
  }
  pieces.push(text.encode(`--${BOUNDARY}--\r\n`));
  const all = new Uint8Array(pieces.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const piece of pieces) {
    all.set(piece, offset);
    offset += piece.byteLength;
  }
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= all.byteLength) return controller.close();
      controller.enqueue(all.slice(sent, sent + chunk));
      sent += chunk;
    },
  });
  const request = new Request("http://localhost/upload", {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: "half",
  } as RequestInit);
  return { request, sentBytes: () => sent, total: all.byteLength };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill);

describe("receiveUpload", () => {
  it("writes the file part to a temporary file as it arrives, keeping its name, size and first bytes", async () => {
    const content = new Uint8Array(50_000).map((_, i) => i % 251);
    const { request } = chunkedRequest([
      { field: "note", bytes: new TextEncoder().encode("hello") },
      { field: "file", name: "clip.mp4", bytes: content },
    ]);
    const upload = await receiveUpload(request, { field: "file", maxBytes: 100_000, tempDir });
    expect(upload).toMatchObject({ name: "clip.mp4", size: 50_000 });
    expect(upload.head).toEqual(content.slice(0, 64));
    expect(new Uint8Array(await readFile(upload.file))).toEqual(content);
    await upload.discard();
    expect(await readdir(tempDir)).toEqual([]);
  });

  it("past the limit answers 413, stops reading the body and leaves no file", async () => {
    const { request, sentBytes, total } = chunkedRequest([
      { field: "file", name: "big.mp4", bytes: bytes(400_000) },
    ]);
    const error = await failure(receiveUpload(request, { field: "file", maxBytes: 10_000, tempDir }));
    expect([error.status, error.message]).toEqual([413, API_MESSAGES.fileTooLarge]);
    expect(sentBytes()).toBeLessThan(total / 2);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it("a body cut short (the client went away) ends with 400 and leaves no file", async () => {
    const text = new TextEncoder();
    let step = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        step += 1;
        if (step === 1)
          controller.enqueue(
            text.encode(
              `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\n`,
            ),
          );
        else if (step < 5) controller.enqueue(bytes(1000));
        else controller.error(new Error("connection reset"));
      },
    });
    const request = new Request("http://localhost/upload", {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      duplex: "half",
    } as RequestInit);
    const error = await failure(receiveUpload(request, { field: "file", maxBytes: 100_000, tempDir }));
    expect(error.status).toBe(400);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it("refuses a declared length over the limit without reading the body", async () => {
    let pulled = false;
    const body = new ReadableStream({
      pull() {
        pulled = true;
      },
    });
    const request = new Request("http://localhost/upload", {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "content-length": "99999999" },
      duplex: "half",
    } as RequestInit);
    const error = await failure(receiveUpload(request, { field: "file", maxBytes: 1000, tempDir }));
    expect(error.status).toBe(413);
    expect(pulled).toBe(false);
  });

  it("no file in the field, an empty file, or no body: 422 on the field; another type 415; a broken form 400", async () => {
    const wrongField = chunkedRequest([{ field: "other", name: "a.mp4", bytes: bytes(10) }]).request;
    expect(
      (await failure(receiveUpload(wrongField, { field: "file", maxBytes: 1000, tempDir }))).errors,
    ).toEqual({
      file: [VALIDATION_MESSAGES.required],
    });
    const empty = chunkedRequest([{ field: "file", name: "a.mp4", bytes: new Uint8Array() }]).request;
    expect((await failure(receiveUpload(empty, { field: "file", maxBytes: 1000, tempDir }))).errors).toEqual({
      file: [VALIDATION_MESSAGES.emptyFile],
    });
    const none = new Request("http://localhost/upload", { method: "POST" });
    expect((await failure(receiveUpload(none, { field: "file", maxBytes: 1000, tempDir }))).status).toBe(422);
    const json = new Request("http://localhost/upload", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect((await failure(receiveUpload(json, { field: "file", maxBytes: 1000, tempDir }))).status).toBe(415);
    const noBoundary = new Request("http://localhost/upload", {
      method: "POST",
      body: "x",
      headers: { "content-type": "multipart/form-data" },
    });
    expect(
      (await failure(receiveUpload(noBoundary, { field: "file", maxBytes: 1000, tempDir }))).status,
    ).toBe(400);
    expect(await readdir(tempDir)).toEqual([]);
  });
});
