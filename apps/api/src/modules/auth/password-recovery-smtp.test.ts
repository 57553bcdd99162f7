import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { decodeQuotedPrintable, startSmtpTestServer } from "../mail/smtp-test-server.ts";

let t: TestApi;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApi({ SMTP_URL: smtp.url, PUBLIC_URL: "https://camatlas.example" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

it("delivers the recovery mail over SMTP and its link restores the password", async () => {
  const password = "smtp password 1";
  const reg = await t.call("POST", "/api/register", {
    body: {
      nick_name: "smtp_user",
      email: "smtp.user@example.com",
      password,
      confirm: password,
      birthday: "1985-05-05",
    },
  });
  expect(reg.status).toBe(200);
  const res = await t.call("POST", "/api/auth/forgot-password", { body: { email: "smtp.user@example.com" } });
  expect(res.status).toBe(200);
  await smtp.waitFor(1);
  const mail = smtp.received[0]!;
  expect(mail.to).toEqual(["smtp.user@example.com"]);
  const token = /https:\/\/camatlas\.example\/auth\/restore-password\?token=([0-9a-f]{64})/.exec(
    decodeQuotedPrintable(mail.raw),
  )?.[1];
  expect(token).toBeTruthy();
  const restored = await t.call("POST", "/api/auth/restore-password", {
    body: { token, password: "brand new secret", confirm: "brand new secret" },
  });
  expect(restored.status).toBe(200);
  const login = await t.call("POST", "/api/login", {
    body: { nick_name: "smtp_user", password: "brand new secret" },
  });
  expect(login.status).toBe(200);
});
