import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { API_MESSAGES, VALIDATION_MESSAGES } from "@camatlas/shared";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import { ApiError, validationFailed } from "../../lib/http-errors.ts";
import { fileTooLarge } from "../media/upload-limit.ts";
import { SNIFF_BYTES } from "./sniff-media.ts";

/** One multipart file written to a temporary file as it arrives (never whole in memory). */
export interface ReceivedUpload {
  /** The temporary file; the caller moves or removes it (`discard`). */
  file: string;
  /** The name the browser sent. */
  name: string;
  size: number;
  /** The first bytes, for sniffing. */
  head: Uint8Array;
  discard(): Promise<void>;
}

/** Room for boundaries, part headers and a few small fields on top of the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Streams the multipart body's `field` file into `tempDir`: a declared length over the cap is refused before
 * reading, and the file's own bytes are counted as they arrive (413 past `maxBytes`, the partial file removed).
 * No file (or no body): 422 on the field; another content type 415; a broken form 400.
 */
export async function receiveUpload(
  request: Request,
  options: { field: string; maxBytes: number; tempDir: string },
): Promise<ReceivedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  const body = request.body;
  const missing = () => validationFailed({ [options.field]: [VALIDATION_MESSAGES.required] });
  if (contentType && !/^multipart\/form-data/i.test(contentType)) {
    await body?.cancel().catch(() => {});
    throw new ApiError(415, API_MESSAGES.unsupportedMediaType);
  }
  if (!contentType || !body) {
    await body?.cancel().catch(() => {});
    throw missing();
  }
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes + MULTIPART_OVERHEAD_BYTES) {
    await body.cancel().catch(() => {});
    throw fileTooLarge();
  }
  await mkdir(options.tempDir, { recursive: true });
  const target = path.join(options.tempDir, `${randomUUID()}.upload`);
  const discard = () => rm(target, { force: true });

  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fileSize: options.maxBytes, fields: 20, fieldSize: 4096, parts: 30 },
    });
  } catch {
    // A multipart type without a boundary.
    await body.cancel().catch(() => {});
    throw new ApiError(400, API_MESSAGES.malformedForm);
  }

  // Past the size limit the rest of the body is not read at all: the request is cut there.
  const stop = new AbortController();
  let tooLarge = false;
  // Set by the parser's callback (an object, so the checks below are not narrowed away).
  const part: { received: Promise<WrittenFile> | null; stream: BusboyFileStream | null } = {
    received: null,
    stream: null,
  };
  parser.on("file", (fieldname: string, stream: BusboyFileStream, filename: string) => {
    if (fieldname !== options.field || part.received) {
      stream.resume();
      return;
    }
    stream.on("limit", () => {
      tooLarge = true;
      // The part's stream would otherwise wait for bytes that never come.
      stream.destroy();
      stop.abort();
    });
    part.stream = stream;
    part.received = writeFile(stream, target, filename);
    part.received.catch(() => {});
  });

  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  try {
    await pipeline(source, parser, { signal: stop.signal });
  } catch {
    // A body cut short (the client went away, the limit) ends the file being written too.
    part.stream?.destroy();
    await part.received?.catch(() => {});
    await discard();
    throw tooLarge ? fileTooLarge() : new ApiError(400, API_MESSAGES.malformedForm);
  }
  if (!part.received) throw missing();
  let result: WrittenFile;
  try {
    result = await part.received;
  } catch (error) {
    await discard();
    throw error;
  }
  if (tooLarge) {
    await discard();
    throw fileTooLarge();
  }
  if (result.size === 0) {
    await discard();
    throw validationFailed({ [options.field]: [VALIDATION_MESSAGES.emptyFile] });
  }
  return { file: target, name: result.name, size: result.size, head: result.head, discard };
}

interface WrittenFile {
  name: string;
  size: number;
  head: Uint8Array;
}

/** Writes one file part to disk, keeping its first bytes. */
async function writeFile(stream: BusboyFileStream, target: string, name: string): Promise<WrittenFile> {
  const head = new Uint8Array(SNIFF_BYTES);
  let headLength = 0;
  let size = 0;
  stream.on("data", (chunk: Buffer) => {
    size += chunk.byteLength;
    if (headLength < SNIFF_BYTES) {
      const take = chunk.subarray(0, SNIFF_BYTES - headLength);
      head.set(take, headLength);
      headLength += take.byteLength;
    }
  });
  await pipeline(stream, createWriteStream(target, { mode: 0o600 }));
  return { name, size, head: head.slice(0, headLength) };
}
