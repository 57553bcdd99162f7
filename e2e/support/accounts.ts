import type { BrowserContext, Page } from "playwright-core";

// Helpers for the account specs: a fresh user, the age gate passed, sign-in through the real form, mails.

export interface TestUser {
  nickName: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function uniqueUser(prefix = "fan"): TestUser {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    nickName: `${prefix}_${id}`,
    email: `${prefix}.${id}@example.test`,
    password: `pass-${id}-words`,
    firstName: "Ada",
    lastName: "Lovelace",
  };
}

/** Spec §4: the age_gate cookie (value 18) means the visitor already confirmed being over 18. */
export async function passAgeGate(context: BrowserContext, siteUrl: string): Promise<void> {
  await context.addCookies([{ name: "age_gate", value: "18", url: siteUrl }]);
}

/** Signs in through /login (by email or nick name) and waits to leave the login page. */
export async function signIn(page: Page, identity: string, password: string): Promise<void> {
  await page.getByLabel("Email or nickname", { exact: true }).fill(identity);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

/** Opens the header's account menu and logs out; waits for the guest header. */
export async function signOut(page: Page): Promise<void> {
  await page.locator("summary[aria-label^='Account menu']").click();
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("link", { name: "Log in", exact: true }).waitFor();
}

/** The first link of the newest mail (in /dev/mail) whose address contains `pathPart`, as a site path. */
export async function latestMailLink(siteUrl: string, pathPart: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const html = await (await fetch(`${siteUrl}/dev/mail`)).text();
    const hrefs = [...html.matchAll(/class="mail-link" href="([^"]+)"/g)].map((m) =>
      m[1]!.replaceAll("&amp;", "&"),
    );
    const link = hrefs.find((href) => href.includes(pathPart));
    if (link) {
      const url = new URL(link, siteUrl);
      return `${url.pathname}${url.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail with a link to ${pathPart} within ${timeoutMs} ms`);
}

/** Creates an account through the API (no browser), for specs that need a second user. */
export async function registerThroughApi(siteUrl: string, user: TestUser): Promise<void> {
  const response = await fetch(`${siteUrl}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      nick_name: user.nickName,
      email: user.email,
      password: user.password,
      confirm: user.password,
      birthday: "1992-02-02",
      first_name: user.firstName,
      last_name: user.lastName,
    }),
  });
  if (!response.ok) throw new Error(`register ${user.nickName}: ${response.status} ${await response.text()}`);
}

/** The demo admin the start prints (README). */
export const DEMO_ADMIN = { email: "admin@camatlas.test", password: "admin-demo-pass" } as const;
