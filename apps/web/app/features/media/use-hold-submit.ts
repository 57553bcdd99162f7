import { type RefObject, useEffect, useRef } from "react";

/**
 * A form sent while one of its files is still uploading waits for the upload, then goes (with the button that was
 * pressed). `element` is any control inside the form; `busy` is true while the upload runs; `ready` says whether the
 * upload ended well: only then is the held form sent, a failed or cancelled one leaves it for the person to decide.
 */
export function useHoldSubmitWhileUploading(
  element: RefObject<HTMLElement | null>,
  busy: boolean,
  ready: boolean,
): void {
  const waiting = useRef<{ submitter: HTMLElement | null } | null>(null);
  const formOf = () => (element.current as HTMLInputElement | null)?.form ?? element.current?.closest("form");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is read from the element each time
  useEffect(() => {
    const form = formOf();
    if (!form || !busy) return;
    const hold = (event: SubmitEvent) => {
      event.preventDefault();
      event.stopImmediatePropagation();
      waiting.current = { submitter: event.submitter };
    };
    form.addEventListener("submit", hold, { capture: true });
    return () => form.removeEventListener("submit", hold, { capture: true });
  }, [busy]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is read from the element each time
  useEffect(() => {
    const held = waiting.current;
    const form = formOf();
    if (busy || !held || !form) return;
    waiting.current = null;
    if (ready) form.requestSubmit(held.submitter ?? undefined);
  }, [busy, ready]);
}
