import { type EndpointInput, siteEndpoints } from "@camatlas/shared/api-contract";
import { useEffect, useState } from "react";
import {
  AD_BAIT_CLASS,
  AD_BAIT_ID,
  adblockFlagCookie,
  hasAdblockFlag,
  isAdBlocked,
} from "./adblock-check.ts";

type AdblockCheck = EndpointInput<typeof siteEndpoints.recordAdblockCheck>["body"];

/** Time for ad blockers' cosmetic filters to hide the bait after it is inserted. */
const SETTLE_MS = 1500;

/** Client-only: inserts a bait banner once per visit cycle, reports the result and remembers it in a cookie. */
export function AdblockProbe() {
  const [probing, setProbing] = useState(false);

  useEffect(() => {
    if (hasAdblockFlag(document.cookie)) return;
    setProbing(true);
    const timer = setTimeout(() => {
      const blocked = isAdBlocked(document.getElementById(AD_BAIT_ID));
      // biome-ignore lint/suspicious/noDocumentCookie: a plain 30-day flag cookie (spec §3)
      document.cookie = adblockFlagCookie(blocked, window.location.protocol === "https:");
      setProbing(false);
      // Statistics only: a failure is not the visitor's concern, so no snackbar. A plain fetch with keepalive, so
      // the count survives the visitor leaving the page.
      const body: AdblockCheck = { is_enabled: blocked };
      fetch(`/api${siteEndpoints.recordAdblockCheck.path}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
        credentials: "same-origin",
        keepalive: true,
      }).catch(() => {});
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!probing) return null;
  return (
    <div
      id={AD_BAIT_ID}
      className={AD_BAIT_CLASS}
      aria-hidden="true"
      style={{ position: "absolute", left: -10000, top: 0, width: 1, height: 1 }}
    >
      &nbsp;
    </div>
  );
}
