import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listStoredMails } from "./mail-folder.ts";
import { createMailer, defaultMailFrom } from "./mailer.ts";
import { passwordResetMail } from "./password-reset-mail.ts";
import { decodeQuotedPrintable, startSmtpTestServer } from "./smtp-test-server.ts";

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "camatlas-mail-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const message = passwordResetMail({
  to: "luna@example.com",
  nickName: "luna <3",
  productName: "CamAtlas",
  link: `https://camatlas.example/auth/restore-password?token=${"ab".repeat(32)}`,
  validMinutes: 60,
});

describe("password reset mail", () => {
  it("has a plain-text and an HTML body with the product name and the link, HTML-escaped", () => {
    expect(message.subject).toBe("Reset your CamAtlas password");
    expect(message.text).toContain("CamAtlas");
    expect(message.text).toContain(`token=${"ab".repeat(32)}`);
    expect(message.html).toContain(
      `href="https://camatlas.example/auth/restore-password?token=${"ab".repeat(32)}"`,
    );
    expect(message.html).toContain("luna &lt;3");
    expect(message.html).not.toContain("luna <3");
  });
});

describe("mailer", () => {
  it("without SMTP_URL writes the message as an .eml file with a summary", async () => {
    const mailer = createMailer({ dataDir, from: defaultMailFrom("CamAtlas", "http://localhost:3000") });
    expect(mailer.kind).toBe("files");
    await mailer.send(message);
    const files = (await readdir(path.join(dataDir, "mail"))).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const raw = await readFile(path.join(dataDir, "mail", files[0]!), "utf8");
    expect(raw).toMatch(/^From: CamAtlas <no-reply@localhost\.localdomain>$/m);
    expect(raw).toMatch(/^To: luna@example\.com$/m);
    expect(raw).toContain("multipart/alternative");
    expect(decodeQuotedPrintable(raw)).toContain(`token=${"ab".repeat(32)}`);
    const [summary] = await listStoredMails(dataDir);
    expect(summary).toMatchObject({
      to: "luna@example.com",
      subject: "Reset your CamAtlas password",
      links: [`https://camatlas.example/auth/restore-password?token=${"ab".repeat(32)}`],
    });
  });

  it("with SMTP_URL delivers to a real SMTP server", async () => {
    const smtp = await startSmtpTestServer();
    try {
      const mailer = createMailer({
        smtpUrl: smtp.url,
        dataDir,
        from: "CamAtlas <no-reply@camatlas.example>",
      });
      expect(mailer.kind).toBe("smtp");
      await mailer.send(message);
      await smtp.waitFor(1);
      expect(smtp.received[0]!.from).toBe("no-reply@camatlas.example");
      expect(smtp.received[0]!.to).toEqual(["luna@example.com"]);
      expect(smtp.received[0]!.raw).toMatch(/^Subject: Reset your CamAtlas password/m);
    } finally {
      await smtp.close();
    }
  });
});
