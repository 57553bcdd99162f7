import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { SUCCESS_MESSAGES } from "@camatlas/shared";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, passAgeGate, registerThroughApi, signIn, uniqueUser } from "./support/accounts.ts";
import { seriousViolations } from "./support/axe.ts";
import { openPage } from "./support/browser.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

// Video processing end to end on `npm start` (embedded database, the worker inside the site): a camfan uploads a
// WebM for a review, polls its status through the spec's texts until Complete, and the browser plays the processed
// MP4 from /media (metadata, seeking by byte ranges) and shows its poster.

let site: Site;
let browser: Browser;
let workDir: string;
let clip: string;

useSiteAndBrowser((started, launched) => {
  site = started;
  browser = launched;
});

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "camatlas-video-e2e-"));
  clip = path.join(workDir, "review-clip.webm");
  // Three seconds of a test picture with a tone, as VP8/Vorbis WebM: a format the processing must turn into MP4.
  execFileSync("ffmpeg", [
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=480x360:rate=15",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=330",
    "-t",
    "3",
    "-c:v",
    "libvpx",
    "-c:a",
    "libvorbis",
    "-y",
    clip,
  ]);
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe("video processing", () => {
  it("a review video is probed, processed by the site's worker and plays in the browser with its poster", async () => {
    const fan = uniqueUser("videofan");
    await registerThroughApi(site.url, fan);
    const login = await fetch(`${site.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ email: fan.email, password: fan.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, accept: "application/json" };

    const form = new FormData();
    form.append("file", new File([await readFile(clip)], "review-clip.webm", { type: "video/webm" }));
    const uploaded = await fetch(`${site.url}/api/media/user-reviews`, {
      method: "POST",
      headers: auth,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const media = (await uploaded.json()) as {
      id: number;
      processing_status: string;
      meta: { duration: number };
    };
    expect(media.processing_status).toBe("Queued");
    expect(media.meta.duration).toBeGreaterThan(2.9);

    // Polled as the web's hook does (faster here): every text seen on the way, until a final status.
    const seen: string[] = [];
    let final: {
      status: string;
      message: string;
      media: { link: string; poster: string; name: string };
    } | null = null;
    const deadline = Date.now() + 90_000;
    while (!final && Date.now() < deadline) {
      const res = await fetch(`${site.url}/api/media/${media.id}/processing`, { headers: auth });
      expect(res.status).toBe(200);
      const body = await res.json();
      if (!seen.includes(body.message)) seen.push(body.message);
      if (body.finished) final = body;
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(final?.status).toBe("Complete");
    expect(final?.message).toBe(SUCCESS_MESSAGES.videoProcessed);
    expect(seen.at(-1)).toBe(SUCCESS_MESSAGES.videoProcessed);
    // Every text on the way is one of the spec's.
    const specTexts: string[] = [
      SUCCESS_MESSAGES.videoUploaded,
      SUCCESS_MESSAGES.videoProcessingStarted,
      SUCCESS_MESSAGES.videoStillProcessing,
      SUCCESS_MESSAGES.videoProcessed,
    ];
    for (const text of seen) expect(specTexts).toContain(text);
    expect(final!.media.name).toBe("review-clip.mp4");

    // Another user is told nothing about it.
    const other = uniqueUser("othervid");
    await registerThroughApi(site.url, other);
    const otherLogin = await fetch(`${site.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ email: other.email, password: other.password }),
    });
    const otherToken = ((await otherLogin.json()) as { token: string }).token;
    const foreign = await fetch(`${site.url}/api/media/${media.id}/processing`, {
      headers: { authorization: `Bearer ${otherToken}`, accept: "application/json" },
    });
    expect(foreign.status).toBe(403);

    // The browser plays the processed MP4 from /media (H.264/AAC), seeks in it, and shows the poster.
    const { context, page } = await openPage(browser, { baseURL: site.url });
    try {
      await passAgeGate(context, site.url);
      await page.goto("/");
      const played = await page.evaluate(
        async ({ link, poster }) => {
          const video = document.createElement("video");
          video.muted = true;
          video.preload = "auto";
          video.src = link;
          document.body.append(video);
          await new Promise((resolve, reject) => {
            video.addEventListener("loadedmetadata", resolve, { once: true });
            video.addEventListener("error", () => reject(new Error(`video error ${video.error?.code}`)), {
              once: true,
            });
          });
          video.currentTime = 2;
          await new Promise((resolve) => video.addEventListener("seeked", resolve, { once: true }));
          const image = new Image();
          image.src = poster;
          await image.decode();
          return {
            duration: video.duration,
            width: video.videoWidth,
            height: video.videoHeight,
            at: video.currentTime,
            posterWidth: image.naturalWidth,
          };
        },
        { link: final!.media.link, poster: final!.media.poster },
      );
      expect(played.duration).toBeGreaterThan(2.9);
      expect(played.width).toBe(480);
      expect(played.height).toBe(360);
      expect(played.at).toBeCloseTo(2, 0);
      expect(played.posterWidth).toBe(480);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("an admin sees a video that cannot be processed in /admin/video-jobs, its name as text, and retries it", async () => {
    const fan = uniqueUser("brokenvid");
    await registerThroughApi(site.url, fan);
    const login = await fetch(`${site.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ email: fan.email, password: fan.password }),
    });
    const { token } = (await login.json()) as { token: string };
    // A presigned upload is not probed at upload: the worker finds it is no video and ends the job in Error.
    const bytes = Buffer.concat([
      Buffer.from("0000001866747970697336f6d00000200", "hex"),
      Buffer.alloc(5000, 3),
    ]);
    const name = '<img src=x onerror="window.__xss=1">.mp4';
    const presigned = await fetch(`${site.url}/api/media/presigned`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify({ name, content_type: "video/mp4", size: bytes.byteLength }),
    });
    expect(presigned.status).toBe(201);
    const link = (await presigned.json()) as {
      id: number;
      upload_url: string;
      headers: Record<string, string>;
    };
    const put = await fetch(new URL(link.upload_url, site.url), {
      method: "PUT",
      headers: link.headers,
      body: bytes,
    });
    expect(put.status).toBeLessThan(300);
    await expect
      .poll(
        async () => {
          const res = await fetch(`${site.url}/api/media/${link.id}/processing`, {
            headers: { authorization: `Bearer ${token}`, accept: "application/json" },
          });
          return ((await res.json()) as { status: string }).status;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe("Error");

    const { context, page } = await openPage(browser, { baseURL: site.url });
    try {
      await passAgeGate(context, site.url);
      await page.addInitScript(() => {
        (window as unknown as { __xss?: number }).__xss = 0;
      });
      await page.goto("/login?redirect=/admin/video-jobs?state=error");
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.getByRole("heading", { name: "Video jobs", level: 1 }).waitFor();
      const row = page.getByRole("row", { name: /onerror/ });
      expect(await row.textContent()).toContain("Error");
      expect(await page.locator("img[src=x]").count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(0);

      await row.getByRole("button", { name: /^Retry/ }).click();
      await page.getByText("The video is queued for processing again.").waitFor();

      expect(await seriousViolations(page, "/admin/video-jobs")).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/admin/video-jobs");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Without JavaScript the server's page lists the jobs and the filters.
      const noJs = await browser.newContext({
        baseURL: site.url,
        javaScriptEnabled: false,
        storageState: await context.storageState(),
      });
      const plain = await noJs.newPage();
      await plain.goto("/admin/video-jobs");
      expect(await plain.getByRole("row", { name: /onerror/ }).count()).toBe(1);
      expect(await plain.getByRole("link", { name: /^Error \(\d+\)$/ }).count()).toBe(1);
      await noJs.close();
    } finally {
      await context.close();
    }
  }, 180_000);
});
