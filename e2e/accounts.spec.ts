import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  ACCOUNT_NOTICES,
  ACCOUNT_TEXT,
  API_MESSAGES,
  PAGE_DEFAULTS,
  productText,
  SUCCESS_MESSAGES,
  VALIDATION_MESSAGES,
} from "@camatlas/shared";
import { type MutableResponse, OAuth2Server } from "oauth2-mock-server";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_ADMIN,
  latestMailLink,
  passAgeGate,
  registerThroughApi,
  signIn,
  signOut,
  uniqueUser,
} from "./support/accounts.ts";
import { seriousViolations } from "./support/axe.ts";
import { openPage } from "./support/browser.ts";
import { type Site, startSite } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

let site: Site;
let browser: Browser;

useSiteAndBrowser((started, launched) => {
  site = started;
  browser = launched;
});

const user = uniqueUser();

async function newPage(javaScriptEnabled = true) {
  const opened = await openPage(browser, { baseURL: site.url, javaScriptEnabled });
  await passAgeGate(opened.context, site.url);
  return opened;
}

/** A 1 × 1 PNG. */
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const accountMenu = (nickName: string) => `summary[aria-label="Account menu of ${nickName}"]`;

describe("accounts", () => {
  it("register → sign out → sign in by email → sign out → sign in by nick name, back on the page visited before", async () => {
    const { context, page } = await newPage();
    try {
      await page.goto("/register");
      // No OAuth provider is configured on this site: no buttons that could only fail.
      expect(await page.getByRole("link", { name: "Sign in with Google" }).count()).toBe(0);
      await page.getByLabel("Camfan").check();
      await page.getByLabel("First name", { exact: true }).fill(user.firstName);
      await page.getByLabel("Last name", { exact: true }).fill(user.lastName);
      await page.getByLabel("Nickname", { exact: true }).fill(user.nickName);
      await page.getByLabel("Email", { exact: true }).fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByLabel("Confirm password", { exact: true }).fill(user.password);
      await page.getByLabel("Birthday", { exact: true }).fill("1990-05-17");
      await page.getByLabel("Country", { exact: true }).selectOption("DE");
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForURL((url) => url.pathname !== "/register");
      await page.locator(accountMenu(user.nickName)).waitFor();

      await signOut(page);
      expect((await context.cookies()).some((c) => c.name === "token")).toBe(false);

      // The header's Log in link carries this page; after login the user is back here.
      await page.goto("/models?page=2");
      await page.getByRole("link", { name: "Log in", exact: true }).click();
      await page.waitForURL(/\/login\?redirect=/);
      await signIn(page, user.email, user.password);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/models?page=2");
      await page.locator(accountMenu(user.nickName)).waitFor();

      await signOut(page);

      // Without the parameter the page stored locally (spec §2) is where the user comes back to.
      await page.goto(`/users/${user.nickName}`);
      await page.getByRole("heading", { name: user.nickName }).waitFor();
      await expect
        .poll(() => page.evaluate(() => window.localStorage.getItem("camatlas.return_to")))
        .toBe(`/users/${user.nickName}`);
      await page.goto("/login");
      // Once the page is live it takes the stored page as the place to return to.
      await expect
        .poll(() => page.locator('input[name="redirect"]').inputValue())
        .toBe(`/users/${user.nickName}`);
      await signIn(page, user.nickName, user.password);
      expect(new URL(page.url()).pathname).toBe(`/users/${user.nickName}`);
      await page.locator(accountMenu(user.nickName)).waitFor();
    } finally {
      await context.close();
    }
  });

  it("shows the first error of a field under it, without JavaScript too", async () => {
    const { context, page } = await newPage(false);
    try {
      // Registration: an under-aged birthday, then (once the request is valid) a taken nick name, each
      // shown under its own field.
      await page.goto("/register");
      await page.getByLabel("Nickname", { exact: true }).fill(user.nickName);
      await page.getByLabel("Email", { exact: true }).fill(`other.${user.email}`);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByLabel("Confirm password", { exact: true }).fill(user.password);
      const young = new Date();
      young.setUTCFullYear(young.getUTCFullYear() - 17);
      await page.getByLabel("Birthday", { exact: true }).fill(young.toISOString().slice(0, 10));
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForLoadState();
      expect(await page.getByLabel("Birthday", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByText(VALIDATION_MESSAGES.underage).count()).toBe(1);
      await page.getByLabel("Birthday", { exact: true }).fill("1990-01-01");
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByLabel("Confirm password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForLoadState();
      expect(await page.getByLabel("Nickname", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByText(VALIDATION_MESSAGES.nickNameTaken).count()).toBe(1);
      // What was typed is still there (passwords excepted).
      expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(`other.${user.email}`);

      await page.goto("/login");
      await page.getByLabel("Email or nickname", { exact: true }).fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill("not the password");
      await page.getByRole("button", { name: "Log in", exact: true }).click();
      await page.waitForLoadState();
      const field = page.getByLabel("Email or nickname", { exact: true });
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByText(API_MESSAGES.invalidCredentials).count()).toBe(1);
      // And the right password signs in, still without JavaScript.
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Log in", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/");
      expect(await page.locator(accountMenu(user.nickName)).count()).toBe(1);
      // The account form works without JavaScript too, with the spec's success message.
      await page.goto("/account");
      await page.getByLabel("City", { exact: true }).fill("Lyon");
      await page.getByRole("button", { name: "Save profile" }).click();
      await page.waitForLoadState();
      await page.getByRole("status").filter({ hasText: SUCCESS_MESSAGES.profileSaved }).first().waitFor();
      expect(await page.getByLabel("City", { exact: true }).inputValue()).toBe("Lyon");
    } finally {
      await context.close();
    }
  });

  it("edits the profile, then changes the password and signs in with the new one", async () => {
    const { context, page } = await newPage();
    try {
      await page.goto("/login");
      await signIn(page, user.nickName, user.password);
      await page.goto("/account");
      await page.getByLabel("First name", { exact: true }).fill("Grace");
      await page.getByLabel("Last name", { exact: true }).fill("Hopper");
      await page.getByLabel("City", { exact: true }).fill("Arlington");
      await page.getByLabel("About you", { exact: true }).fill("Fan of long streams.");
      // Camfans and camgirls may switch between the two roles themselves.
      await page.getByLabel("Camgirl").check();
      await page.getByRole("button", { name: "Save profile" }).click();
      await page.getByRole("status").filter({ hasText: SUCCESS_MESSAGES.profileSaved }).first().waitFor();

      // Avatar: uploaded through POST /api/media/avatar, then saved on the profile.
      await page
        .getByLabel("New avatar", { exact: true })
        .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PIXEL_PNG });
      // Uploaded at once with its progress bar; the button then saves it on the profile.
      const avatarBar = page.locator("#avatar").getByRole("progressbar");
      await expect.poll(() => avatarBar.getAttribute("aria-valuenow"), { timeout: 30_000 }).toBe("100");
      await page.locator("#avatar").getByText("Uploaded.").waitFor();
      await page.getByRole("button", { name: "Upload avatar" }).click();
      await page
        .locator("#avatar")
        .getByRole("status")
        .filter({ hasText: SUCCESS_MESSAGES.profileSaved })
        .waitFor();
      const avatarSrc = await page.locator(`${accountMenu(user.nickName)} img`).getAttribute("src");
      expect(avatarSrc).toMatch(/^\/media\//);
      expect((await page.request.get(avatarSrc!)).status()).toBe(200);

      await page.goto(`/users/${user.nickName}`);
      await page.getByText("Grace Hopper").first().waitFor();
      await page.getByText("Fan of long streams.").waitFor();
      await page.getByText("Camgirl", { exact: true }).first().waitFor();

      const newPassword = `${user.password}-2`;
      await page.goto("/account#password");
      await page.getByLabel("Current password", { exact: true }).fill(user.password);
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
      await page.getByRole("button", { name: "Change password" }).click();
      await page.getByRole("status").filter({ hasText: API_MESSAGES.passwordChanged }).first().waitFor();
      // The session that changed it goes on with a new token: still signed in.
      await page.reload();
      await page.getByRole("heading", { name: "Your account" }).waitFor();

      // The new password signs in and the old one does not.
      await context.clearCookies();
      await passAgeGate(context, site.url);
      await page.goto("/login");
      await page.getByLabel("Email or nickname", { exact: true }).fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Log in", exact: true }).click();
      await page.getByText(API_MESSAGES.invalidCredentials).waitFor();
      await signIn(page, user.email, newPassword);
      await page.locator(accountMenu(user.nickName)).waitFor();
      user.password = newPassword;
    } finally {
      await context.close();
    }
  });

  it("recovers the password through the link in the mail", async () => {
    const { context, page } = await newPage();
    try {
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await page.waitForURL("**/auth/forgot-password");
      await page.getByLabel("Email", { exact: true }).fill(user.email);
      await page.getByRole("button", { name: "Send the reset link" }).click();
      await page.getByText(API_MESSAGES.passwordResetSent).waitFor();

      // An invalid token never shows the form: the forgot-password page says why and asks again.
      await page.goto("/auth/restore-password?token=0000");
      expect(new URL(page.url()).pathname).toBe("/auth/forgot-password");
      await page.getByText(ACCOUNT_TEXT.resetLinkInvalid).waitFor();

      const link = await latestMailLink(site.url, "/auth/restore-password");
      const recovered = `${user.password}-r`;
      await page.goto(link);
      await page.getByLabel("New password", { exact: true }).fill(recovered);
      await page.getByLabel("Confirm new password", { exact: true }).fill(recovered);
      await page.getByRole("button", { name: "Save the new password" }).click();
      await page.getByText(API_MESSAGES.passwordReset).waitFor();

      // The link works once.
      await page.goto(link);
      expect(new URL(page.url()).pathname).toBe("/auth/forgot-password");
      await page.getByText(ACCOUNT_TEXT.resetLinkInvalid).waitFor();

      await page.goto("/login");
      await signIn(page, user.email, recovered);
      await page.locator(accountMenu(user.nickName)).waitFor();
      user.password = recovered;
    } finally {
      await context.close();
    }
  });

  it("changes the email on the account page only with the current password, and tells the old address", async () => {
    const { context, page } = await newPage();
    const oldEmail = user.email;
    const newEmail = `moved.${user.email}`;
    try {
      await page.goto("/login");
      await signIn(page, user.email, user.password);
      await page.goto("/account");
      const currentPassword = page.getByLabel("Current password (to change your email)", { exact: true });
      const save = async () => {
        await page.getByRole("button", { name: "Save profile" }).click();
        await page.waitForLoadState();
      };
      await page.getByLabel("Email", { exact: true }).fill(newEmail);
      await save();
      await expect.poll(() => currentPassword.getAttribute("aria-invalid")).toBe("true");
      await page.locator("#profile").getByText(VALIDATION_MESSAGES.required).first().waitFor();

      await currentPassword.fill("not the password");
      await save();
      await page.locator("#profile").getByText(VALIDATION_MESSAGES.currentPasswordWrong).first().waitFor();
      await page.reload();
      expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(oldEmail);

      await page.getByLabel("Email", { exact: true }).fill(newEmail);
      await currentPassword.fill(user.password);
      await save();
      await page.getByRole("status").filter({ hasText: SUCCESS_MESSAGES.profileSaved }).first().waitFor();
      await page.reload();
      expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(newEmail);
      user.email = newEmail;

      // The old address is told (its row in /dev/mail names the subject and the recipient).
      const subject = productText(ACCOUNT_NOTICES.emailChanged.subject);
      await expect
        .poll(async () => (await (await fetch(`${site.url}/dev/mail`)).text()).includes(`to ${oldEmail}`))
        .toBe(true);
      const listing = await (await fetch(`${site.url}/dev/mail`)).text();
      expect(listing).toMatch(
        new RegExp(`${subject}</a>\\s*<span class="meta">to ${oldEmail.replaceAll(".", "\\.")}`),
      );
    } finally {
      await context.close();
    }
  });

  it("keeps guests out of the account and admin areas, and signed-in users out of the login page", async () => {
    const guest = uniqueUser("guest");
    await registerThroughApi(site.url, guest);
    const { context, page } = await newPage();
    try {
      await page.goto("/account");
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/login?redirect=%2Faccount");
      await page.goto("/admin");
      expect(new URL(page.url()).pathname).toBe("/login");
      await signIn(page, guest.email, guest.password);
      // A camfan is not an admin: still sent to /login, which sends a signed-in user home.
      await page.goto("/admin");
      expect(new URL(page.url()).pathname).toBe("/");
      await page.goto("/login");
      expect(new URL(page.url()).pathname).toBe("/");
      const missing = await page.goto("/users/no-such-user-xyz");
      expect(missing?.status()).toBe(404);
      const legacy = await page.request.get(`/profile/${guest.nickName}`, { maxRedirects: 0 });
      expect(legacy.status()).toBe(301);
      expect(legacy.headers().location).toBe(`/users/${guest.nickName}`);
    } finally {
      await context.close();
    }
  });
});

describe("admin area", () => {
  it("shows the dashboard, blocks a user (who then sees the blocked page), unblocks and changes a role", async () => {
    const member = uniqueUser("member");
    await registerThroughApi(site.url, member);
    const admin = await newPage();
    const visitor = await newPage();
    try {
      const { page } = admin;
      await page.goto("/login");
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.locator("summary[aria-label^='Account menu']").click();
      await page.getByRole("link", { name: "Admin", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await page.getByRole("heading", { name: "Dashboard" }).waitFor();
      await page.getByRole("heading", { name: /Waiting for moderation/ }).waitFor();
      expect(await page.getByRole("navigation", { name: "Admin" }).getByRole("link").count()).toBeGreaterThan(
        1,
      );

      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
      // The users page's own search field (the header has a site search too).
      await page.getByRole("main").getByLabel("Search", { exact: true }).fill(member.nickName);
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/query=/);
      await page.getByRole("link", { name: `Block ${member.nickName}` }).click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByText(`Block ${member.nickName}?`).waitFor();
      // The admin says why: the blocked member reads it.
      await dialog.getByLabel("Reason (the user reads it)").fill("Repeated spam in comments");
      await dialog.getByRole("button", { name: "Block user" }).click();
      await page.getByRole("status").filter({ hasText: API_MESSAGES.userBlocked }).first().waitFor();
      await page
        .getByRole("row", { name: new RegExp(member.nickName) })
        .getByText("Blocked")
        .waitFor();

      // The blocked user cannot sign in and reads the blocked page text.
      await visitor.page.goto("/login");
      await visitor.page.getByLabel("Email or nickname", { exact: true }).fill(member.email);
      await visitor.page.getByLabel("Password", { exact: true }).fill(member.password);
      await visitor.page.getByRole("button", { name: "Log in", exact: true }).click();
      await visitor.page.getByRole("heading", { name: PAGE_DEFAULTS.blockedTitle }).waitFor();
      expect((await visitor.context.cookies()).some((c) => c.name === "token")).toBe(false);

      await page.getByRole("link", { name: `Unblock ${member.nickName}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Unblock user" }).click();
      await page.getByRole("status").filter({ hasText: API_MESSAGES.userUnblocked }).first().waitFor();

      await page.getByLabel(`Role of ${member.nickName}`, { exact: true }).selectOption({ label: "Camgirl" });
      await page.getByRole("button", { name: `Change role of ${member.nickName}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Change role" }).click();
      await page.getByRole("status").filter({ hasText: API_MESSAGES.userRoleChanged }).first().waitFor();

      await visitor.page.goto("/login");
      await signIn(visitor.page, member.email, member.password);
      await visitor.page.goto(`/users/${member.nickName}`);
      await visitor.page.getByText("Camgirl", { exact: true }).first().waitFor();
    } finally {
      await admin.context.close();
      await visitor.context.close();
    }
  });
});

describe("sign in with Google / X against a local OAuth provider", () => {
  let provider: OAuth2Server;
  let oauthSite: Site;
  let userinfo: Record<string, unknown> = {};

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate("RS256");
    await provider.start(0, "127.0.0.1");
    provider.service.on("beforeUserinfo", (response: MutableResponse) => {
      response.body = userinfo;
    });
    const issuer = provider.issuer.url!;
    const endpoints = (prefix: string) => ({
      [`${prefix}_CLIENT_ID`]: "camatlas-e2e",
      [`${prefix}_CLIENT_SECRET`]: "camatlas-e2e-secret",
      [`${prefix}_AUTH_URL`]: `${issuer}/authorize`,
      [`${prefix}_TOKEN_URL`]: `${issuer}/token`,
      [`${prefix}_USERINFO_URL`]: `${issuer}/userinfo`,
    });
    oauthSite = await startSite({ env: { ...endpoints("GOOGLE"), ...endpoints("TWITTER") } });
  });

  afterAll(async () => {
    await oauthSite?.stop();
    await provider?.stop();
  });

  it("signs in through the provider and comes back to the page visited before", async () => {
    const { context, page } = await openPage(browser, { baseURL: oauthSite.url });
    await passAgeGate(context, oauthSite.url);
    try {
      const id = Date.now().toString(36);
      userinfo = {
        sub: `google-${id}`,
        email: `oauth.${id}@example.test`,
        email_verified: true,
        name: "Olga Auth",
      };
      await page.goto("/models?page=2");
      await page.getByRole("link", { name: "Log in", exact: true }).click();
      await page.getByRole("link", { name: "Sign in with Google" }).click();
      await page.waitForURL((url) => url.origin === oauthSite.url && url.pathname === "/models");
      expect(new URL(page.url()).search).toBe("?page=2");
      await page.locator("summary[aria-label^='Account menu']").waitFor();
      await page.goto("/account");
      expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(`oauth.${id}@example.test`);
      expect(await page.getByLabel("First name", { exact: true }).inputValue()).toBe("Olga");

      // An account made through Google sets its first password without a current one, then signs in with it.
      await page.getByRole("heading", { name: "Set a password" }).waitFor();
      expect(await page.getByLabel("Current password", { exact: true }).count()).toBe(0);
      const password = `oauth-${id}-password`;
      await page.getByLabel("New password", { exact: true }).fill(password);
      await page.getByLabel("Confirm new password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Set password" }).click();
      await page.getByRole("status").filter({ hasText: API_MESSAGES.passwordChanged }).first().waitFor();
      await signOut(page);
      await page.goto("/login");
      await signIn(page, `oauth.${id}@example.test`, password);
      await page.locator("summary[aria-label^='Account menu']").waitFor();

      // X: a new account again, signed in and sent home.
      await signOut(page);
      userinfo = { data: { id: `x-${id}`, username: `x_${id}`, name: "Xena Fan" } };
      await page.goto("/login");
      await page.getByRole("link", { name: "Sign in with X" }).click();
      await page.waitForURL((url) => url.origin === oauthSite.url && url.pathname === "/");
      await page.locator(`summary[aria-label="Account menu of x_${id}"]`).waitFor();
    } finally {
      await context.close();
    }
  });

  it("a refused sign-in at the provider lands on the login page with a message", async () => {
    const { context, page } = await openPage(browser, { baseURL: oauthSite.url });
    await passAgeGate(context, oauthSite.url);
    try {
      await page.goto("/login?oauth_error=failed");
      await page.getByRole("alert").filter({ hasText: ACCOUNT_TEXT.oauthFailed }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("accessibility of the account pages", () => {
  it("has no critical axe violations on login, register, account and the admin users screen", async () => {
    const { context, page } = await newPage();
    try {
      const check = async (path: string) => expect(await seriousViolations(page, path)).toEqual([]);
      await check("/login");
      await check("/register");
      await check("/auth/forgot-password");
      await page.goto("/login");
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await check("/account");
      await check("/admin");
      await check("/admin/users");
    } finally {
      await context.close();
    }
  });
});

describe("an expired token while browsing (JWT_TTL of one minute), then a restart", () => {
  let shortSite: Site;
  let dataDir: string;
  let session: Awaited<ReturnType<typeof openPage>>;
  const env = { JWT_TTL: "1" };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "camatlas-accounts-"));
    shortSite = await startSite({ env, dataDir });
    session = await openPage(browser, { baseURL: shortSite.url });
    await passAgeGate(session.context, shortSite.url);
  });
  afterAll(async () => {
    await session?.context.close();
    await shortSite?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const tokenOf = async () => (await session.context.cookies()).find((c) => c.name === "token")?.value;

  it("is refreshed once on the server, the page renders signed in and the browser gets the new token", async () => {
    const { page } = session;
    await page.goto("/login");
    await signIn(page, "fan@camatlas.test", "camfan-demo-pass");
    const first = await tokenOf();
    expect(first).toBeTruthy();
    await page.waitForTimeout(62_000);
    // /account runs the root loader and the page's loaders at once (three API calls with the expired
    // token): one refresh serves them all; a second one would hit the deny-list and sign the user out.
    await page.goto("/account");
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    const second = await tokenOf();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    // The old token is deny-listed now; the new one works.
    const check = async (token: string) =>
      (
        await fetch(`${shortSite.url}/api/auth/token/check`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ token }),
        })
      ).status;
    expect(await check(first!)).toBe(422);
    expect(await check(second!)).toBe(200);
  }, 180_000);

  it("keeps accounts, profiles and the session across a restart of the site", async () => {
    const { page } = session;
    await page.goto("/account");
    // Run on its own, this test signs in first.
    if (new URL(page.url()).pathname === "/login")
      await signIn(page, "fan@camatlas.test", "camfan-demo-pass");
    await page.getByLabel("City", { exact: true }).fill("Restartville");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByRole("status").filter({ hasText: SUCCESS_MESSAGES.profileSaved }).first().waitFor();

    await shortSite.stop();
    shortSite = await startSite({ env, dataDir });
    // Cookies belong to the host, not the port: the browser is still signed in on the restarted site.
    await page.goto(`${shortSite.url}/account`);
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    expect(await page.getByLabel("City", { exact: true }).inputValue()).toBe("Restartville");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe("fan@camatlas.test");
  }, 180_000);
});
