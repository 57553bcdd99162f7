import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CAMSITES } from "@camatlas/shared";
import { describe, expect, it } from "vitest";
import { camsiteMonogram, renderCamsiteLogoSvg, writeCamsiteLogoImages } from "./camsite-logo-images.ts";

describe("demo camsite logos", () => {
  it("marks each camsite with the capitals of its name", () => {
    expect(camsiteMonogram("MyFreeCams")).toBe("MF");
    expect(camsiteMonogram("Chaturbate")).toBe("C");
    expect(camsiteMonogram("Babestation Cams")).toBe("BC");
    expect(camsiteMonogram("amateur.tv")).toBe("A");
  });

  it("gives every demo camsite its own mark, named for assistive technology", () => {
    const svgs = CAMSITES.map((c) => renderCamsiteLogoSvg(c));
    expect(new Set(svgs).size).toBe(CAMSITES.length);
    const chaturbate = renderCamsiteLogoSvg({ id: 33, name: "Chaturbate" });
    expect(chaturbate).toMatch(/^<svg [^>]*aria-label="Chaturbate"/);
    expect(chaturbate).toContain(">C</text>");
    expect(renderCamsiteLogoSvg({ id: 1, name: `A<script>` })).not.toContain("<script>");
  });

  it("stores the files in the media folder, where uploaded logos live", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "logos-"));
    try {
      const [image] = await writeCamsiteLogoImages(dir, [{ id: 12, name: "MyFreeCams", slug: "myfreecams" }]);
      expect(image).toMatchObject({ camsiteId: 12, path: "camsite-logos/myfreecams.svg", width: 64 });
      expect(await readFile(path.join(dir, "camsite-logos/myfreecams.svg"), "utf8")).toContain(">MF</text>");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
