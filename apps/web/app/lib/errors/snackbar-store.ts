import { SNACKBAR_MS } from "@camatlas/shared";

// One snackbar for the whole page (spec §8): errors and the spec's success messages share it. A tiny external
// store, so React components, loaders' error boundaries, actions and plain browser calls can all reach it.

/** info: a harmless outcome that is not an error ("Nothing to change."). */
export type SnackbarTone = "error" | "success" | "info";

export interface SnackbarMessage {
  id: number;
  text: string;
  tone: SnackbarTone;
}

type Listener = () => void;

export interface SnackbarStore {
  show: (text: string, tone?: SnackbarTone) => void;
  close: () => void;
  current: () => SnackbarMessage | null;
  subscribe: (listener: Listener) => () => void;
}

export function createSnackbarStore(durationMs: number = SNACKBAR_MS): SnackbarStore {
  let message: SnackbarMessage | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const close = () => {
    clearTimeout(timer);
    timer = undefined;
    if (message === null) return;
    message = null;
    emit();
  };
  return {
    show(text, tone = "error") {
      clearTimeout(timer);
      // A new message replaces the old one and gets its own full lifetime.
      message = { id: nextId++, text, tone };
      timer = setTimeout(close, durationMs);
      emit();
    },
    close,
    current: () => message,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's snackbar. On the server nothing subscribes, and the view renders from an empty snapshot. */
export const snackbar = createSnackbarStore();

export function showError(text: string): void {
  snackbar.show(text, "error");
}

export function showSuccess(text: string): void {
  snackbar.show(text, "success");
}
