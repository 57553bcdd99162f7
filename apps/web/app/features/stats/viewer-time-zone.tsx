import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { parseCookieHeader } from "../../lib/session/cookies.ts";

// The viewer's time zone for the stats pages: ?tz= in the address (shareable), else the tz cookie the browser sets
// from its own zone, else UTC (a first visit, or no JavaScript). The server renders the days in that zone.

export const TIME_ZONE_COOKIE = "tz";
const ONE_YEAR_SECONDS = 31_536_000;

/** An IANA zone name the runtime knows, or null. */
export function parseTimeZone(value: string | null | undefined): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function viewerTimeZone(request: Request): { zone: string; fromAddress: boolean } {
  const fromAddress = parseTimeZone(new URL(request.url).searchParams.get("tz"));
  if (fromAddress) return { zone: fromAddress, fromAddress: true };
  const fromCookie = parseTimeZone(parseCookieHeader(request.headers.get("cookie")).get(TIME_ZONE_COOKIE));
  return { zone: fromCookie ?? "UTC", fromAddress: false };
}

/**
 * Remembers the browser's zone in the tz cookie and, when the page was drawn in another zone (a first visit), asks
 * the server again so the days move to the viewer's calendar. Nothing to do for a zone fixed in the address.
 */
export function TimeZoneSync({ rendered, fromAddress }: { rendered: string; fromAddress: boolean }) {
  const revalidator = useRevalidator();
  const asked = useRef(false);
  useEffect(() => {
    if (fromAddress || asked.current) return;
    const browser = parseTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? "UTC";
    if (browser === rendered) return;
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the server reads; no API call needed.
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(browser)}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
    asked.current = true;
    void revalidator.revalidate();
  }, [rendered, fromAddress, revalidator]);
  return null;
}
