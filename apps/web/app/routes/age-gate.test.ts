import { describe, expect, it } from "vitest";
import { action } from "./age-gate.ts";

function post(fields: Record<string, string>, url = "http://localhost/age-gate") {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

async function run(fields: Record<string, string>, url?: string): Promise<Response> {
  return (await action({ request: post(fields, url) } as never)) as Response;
}

describe("/age-gate form (no JavaScript)", () => {
  it("Yes with Remember me sets age_gate=18 for 30 days and returns to the page", async () => {
    const response = await run({ answer: "yes", remember: "on", redirect_to: "/models?query=a" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/models?query=a");
    expect(response.headers.get("set-cookie")).toBe("age_gate=18; Max-Age=2592000; Path=/; SameSite=Lax");
  });

  it("Yes without Remember me closes the gate for this visit only", async () => {
    const response = await run(
      { answer: "yes", redirect_to: "//evil.example" },
      "https://camatlas.example/age-gate",
    );
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("set-cookie")).toBe("age_gate_visit=1; Path=/; SameSite=Lax; Secure");
  });

  it("returns only to a path on this site: other hosts and broken targets go home", async () => {
    for (const target of [
      "/\t/evil.example/x",
      "/\\evil.example",
      "/.//evil.example",
      "https://evil.example",
    ]) {
      const response = await run({ answer: "yes", redirect_to: target });
      expect(response.status, JSON.stringify(target)).toBe(303);
      expect(response.headers.get("location"), JSON.stringify(target)).toBe("/");
    }
    // A newline used to reach the Location header and fail the reply with a 500.
    const response = await run({ answer: "yes", redirect_to: "/models\r\nSet-Cookie: x=1" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
  });

  it("No leaves for a general search engine without a cookie", async () => {
    const response = await run({ answer: "no", remember: "on" });
    expect(response.headers.get("location")).toBe("https://www.google.com");
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
