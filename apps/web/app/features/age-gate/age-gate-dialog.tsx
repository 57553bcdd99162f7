import { AGE_GATE_TEXT } from "@camatlas/shared";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { ageGateCookie, SEARCH_ENGINE_URL } from "./age-gate-cookies.ts";

// The age gate's dialog: its own chunk, loaded only when a page is served with the gate open (age-gate.tsx).

const FOCUSABLE = 'button, input, a[href], [tabindex]:not([tabindex="-1"])';

export function AgeGateDialog({
  productName,
  onConfirmed,
}: {
  productName: string;
  onConfirmed: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const yes = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => {
    yes.current?.focus();
  }, []);

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key !== "Tab" || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== "yes") {
      window.location.assign(SEARCH_ENGINE_URL);
      return;
    }
    const remember = new FormData(event.currentTarget).get("remember") !== null;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads on the next request
    document.cookie = ageGateCookie(remember, window.location.protocol === "https:");
    onConfirmed();
  }

  return (
    <div
      id="age-gate"
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby="age-gate-title"
      aria-describedby="age-gate-notice"
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-neutral-950/90 p-4 backdrop-blur-md"
    >
      <form
        method="post"
        action="/age-gate"
        onSubmit={onSubmit}
        className="w-full max-w-md rounded-2xl bg-surface px-6 py-8 text-center shadow-2xl sm:px-10"
      >
        <input type="hidden" name="redirect_to" value={location.pathname + location.search + location.hash} />
        <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase" aria-hidden="true">
          18+
        </p>
        <h2 id="age-gate-title" className="mt-2 text-3xl font-bold text-ink">
          {productName}
        </h2>
        <p id="age-gate-notice" className="mt-4 text-ink-soft">
          {AGE_GATE_TEXT.notice}
        </p>
        <p className="mt-6 text-lg font-semibold text-ink">{AGE_GATE_TEXT.question}</p>
        <div className="mt-5 grid grid-cols-2 gap-3">
          <button
            ref={yes}
            type="submit"
            name="answer"
            value="yes"
            className="rounded-lg bg-primary px-4 py-3 text-lg font-semibold text-on-primary hover:bg-primary-hover focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
          >
            {AGE_GATE_TEXT.yes}
          </button>
          <button
            type="submit"
            name="answer"
            value="no"
            className="rounded-lg border border-line px-4 py-3 text-lg font-semibold text-ink hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
          >
            {AGE_GATE_TEXT.no}
          </button>
        </div>
        <label className="mt-5 inline-flex cursor-pointer items-center gap-2 text-ink-soft">
          <input
            type="checkbox"
            name="remember"
            defaultChecked
            className="h-4 w-4 rounded border-line accent-primary"
          />
          {AGE_GATE_TEXT.rememberMe}
        </label>
      </form>
    </div>
  );
}
