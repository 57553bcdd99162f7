import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devMailRoutes } from "./dev-mail-routes.ts";
import { mailFolder, storeMail } from "./mail-folder.ts";

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "camatlas-devmail-"));
  await storeMail(
    dataDir,
    Buffer.from("Subject: first\r\n\r\nold"),
    { to: "a@example.com", subject: "First mail", links: [] },
    new Date("2026-01-01T10:00:00Z"),
  );
  await storeMail(
    dataDir,
    Buffer.from("Subject: second\r\n\r\nnew"),
    {
      to: "b@example.com",
      subject: "Second <mail>",
      links: ["http://localhost:3000/auth/restore-password?token=abc"],
    },
    new Date("2026-01-02T10:00:00Z"),
  );
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const env = (APP_ENV: "development" | "staging" | "production") => ({
  APP_ENV,
  DATA_DIR: dataDir,
  PRODUCT_NAME: "CamAtlas",
});

/** A request from this machine (the site checks the socket address). */
const local = () => true;

describe("/dev/mail", () => {
  it("lists the mails newest first with links to the raw files and to the links inside", async () => {
    const app = devMailRoutes(env("development"), local);
    const res = await app.request("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html.indexOf("Second &lt;mail&gt;")).toBeGreaterThan(-1);
    expect(html.indexOf("Second &lt;mail&gt;")).toBeLessThan(html.indexOf("First mail"));
    expect(html).toContain('class="mail-link" href="http://localhost:3000/auth/restore-password?token=abc"');
    const file = /href="\/dev\/mail\/([^"]+\.eml)"/.exec(html)?.[1];
    const raw = await app.request(`/${file}`);
    expect(raw.status).toBe(200);
    expect(await raw.text()).toContain("Subject: second");
  });

  it("serves no other file and nothing in production", async () => {
    const app = devMailRoutes(env("development"), local);
    expect((await app.request("/..%2F.jwt-secret")).status).toBe(404);
    expect((await app.request("/20260101T000000000Z-deadbeef.eml")).status).toBe(404);
    const prod = devMailRoutes(env("production"), local);
    expect((await prod.request("/")).status).toBe(404);
  });

  it("lists nothing to a browser on another machine, nor in staging", async () => {
    const remote = devMailRoutes(env("development"), () => false);
    for (const address of ["/", "/20260102T100000000Z-00000000.eml"]) {
      const res = await remote.request(address);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("restore-password");
    }
    const staging = devMailRoutes(env("staging"), local);
    expect((await staging.request("/")).status).toBe(404);
  });

  it("keeps the captured mails (reset links) readable by the site's user only", async () => {
    const folder = mailFolder(dataDir);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    const app = devMailRoutes(env("development"), local);
    const file = /href="\/dev\/mail\/([^"]+\.eml)"/.exec(await (await app.request("/")).text())?.[1];
    expect((await stat(path.join(folder, file!))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(folder, `${file}.json`))).mode & 0o777).toBe(0o600);
  });
});
