import { API_MESSAGES, VALIDATION_MESSAGES } from "@camatlas/shared";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/http-errors.ts";
import { processImage } from "./image-processing.ts";

describe("processImage", () => {
  it("refuses an empty file on its field (sharp would throw outside its promise)", async () => {
    const error = await processImage(new Uint8Array(), 800, "attachments.0").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      errors: { "attachments.0": [VALIDATION_MESSAGES.emptyFile] },
    });
  });

  it("refuses bytes that are no image as an invalid format", async () => {
    const error = await processImage(new TextEncoder().encode("not an image"), 800).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, errors: { file: [API_MESSAGES.invalidFileFormat] } });
  });
});
