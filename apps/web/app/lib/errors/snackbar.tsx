import { ERROR_TEXT } from "@camatlas/shared";
import { useEffect, useSyncExternalStore } from "react";
import { type SnackbarMessage, type SnackbarTone, snackbar } from "./snackbar-store.ts";

const EMPTY = () => null;

/** The snackbar itself: bottom of the screen, announced politely, closed by its button or after 6 s. */
export function SnackbarHost() {
  const message = useSyncExternalStore(snackbar.subscribe, snackbar.current, EMPTY);
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex justify-center p-4"
    >
      {message && <SnackbarView key={message.id} message={message} onClose={snackbar.close} />}
    </div>
  );
}

function SnackbarView({ message, onClose }: { message: SnackbarMessage; onClose: () => void }) {
  // Fixed dark notes that stand out on either theme's page.
  const tone = {
    error: "bg-neutral-900 text-white",
    success: "bg-emerald-700 text-white",
    info: "bg-neutral-800 text-white ring-1 ring-white/15",
  }[message.tone];
  return (
    <div
      role={message.tone === "error" ? "alert" : "status"}
      data-testid="snackbar"
      className={`pointer-events-auto flex w-full max-w-xl items-start gap-4 rounded-lg px-4 py-3 shadow-lg ${tone}`}
    >
      <p className="flex-1 text-sm leading-6">{message.text}</p>
      <button
        type="button"
        onClick={onClose}
        className="rounded px-2 py-1 text-sm font-semibold uppercase tracking-wide text-brand-100 hover:bg-white/10 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
      >
        {ERROR_TEXT.close}
      </button>
    </div>
  );
}

/** Wraps the page and renders the one snackbar host (root layout). */
export function SnackbarProvider({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      <SnackbarHost />
    </>
  );
}

/** What actions return so the page shows the outcome in the snackbar (see action-result.ts). */
export interface SnackbarNote {
  text: string;
  tone: SnackbarTone;
  /** Changes on every reply, so the same text shown twice still appears twice. */
  id: string;
}

/** Shows an action's or fetcher's snackbar note once per reply. */
export function useSnackbarNote(data: unknown): void {
  const note = noteOf(data);
  const id = note?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the note's id identifies the reply
  useEffect(() => {
    if (note) snackbar.show(note.text, note.tone);
  }, [id]);
}

function noteOf(data: unknown): SnackbarNote | undefined {
  if (typeof data !== "object" || data === null || !("snackbar" in data)) return undefined;
  const note = (data as { snackbar?: unknown }).snackbar;
  if (typeof note !== "object" || note === null) return undefined;
  const { text, tone, id } = note as Partial<SnackbarNote>;
  return typeof text === "string" && (tone === "error" || tone === "success") && typeof id === "string"
    ? { text, tone, id }
    : undefined;
}
