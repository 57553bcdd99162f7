import { FOLLOW_MESSAGES } from "@camatlas/shared";
import { alertEndpoints } from "@camatlas/shared/api-contract";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { browserCall } from "../../lib/errors/browser-api.ts";

/** The service worker that shows pushed alerts (apps/web/public). */
export const ALERTS_SERVICE_WORKER = "/alerts-sw.js";

type State = "unsupported" | "off" | "on" | "blocked" | "busy";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Alerts in this browser: registers the alerts service worker, asks for permission and sends the subscription to the
 * API (and takes it back). Needs JavaScript and a browser with web push; says so otherwise.
 */
export function PushAlertsButton() {
  const [state, setState] = useState<State>("unsupported");
  const [note, setNote] = useState<string>();

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) return;
    if (Notification.permission === "denied") return setState("blocked");
    navigator.serviceWorker
      .getRegistration(ALERTS_SERVICE_WORKER)
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => setState(subscription ? "on" : "off"))
      .catch(() => setState("off"));
  }, []);

  async function turnOn() {
    setState("busy");
    try {
      const registration = await navigator.serviceWorker.register(ALERTS_SERVICE_WORKER);
      await navigator.serviceWorker.ready;
      if ((await Notification.requestPermission()) !== "granted") return setState("blocked");
      const { public_key } = await browserCall(alertEndpoints.pushKey, {});
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(public_key),
      });
      const json = subscription.toJSON();
      const reply = await browserCall(alertEndpoints.subscribePush, {
        body: {
          endpoint: subscription.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
        },
      });
      setNote(reply.message);
      setState("on");
    } catch (error) {
      setNote(error instanceof Error ? error.message : String(error));
      setState("off");
    }
  }

  async function turnOff() {
    setState("busy");
    const registration = await navigator.serviceWorker.getRegistration(ALERTS_SERVICE_WORKER);
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) {
      await browserCall(alertEndpoints.unsubscribePush, { body: { endpoint: subscription.endpoint } }).catch(
        () => undefined,
      );
      await subscription.unsubscribe();
    }
    setNote(FOLLOW_MESSAGES.pushUnsubscribed);
    setState("off");
  }

  return (
    <div className="space-y-2">
      {state === "unsupported" && (
        <p className="text-sm text-ink-muted">This browser cannot show alerts from the site.</p>
      )}
      {state === "blocked" && (
        <p className="text-sm text-warning">
          Alerts are blocked for this site in your browser settings. Allow notifications there to get them
          here.
        </p>
      )}
      {(state === "off" || state === "on" || state === "busy") && (
        <Button
          type="button"
          variant={state === "on" ? "secondary" : "primary"}
          size="sm"
          disabled={state === "busy"}
          onClick={state === "on" ? turnOff : turnOn}
        >
          {state === "on" ? "Stop alerts in this browser" : "Get alerts in this browser"}
        </Button>
      )}
      <p role="status" className="text-sm text-ink-muted">
        {note}
      </p>
    </div>
  );
}
