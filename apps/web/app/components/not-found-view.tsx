import { PAGE_DEFAULTS } from "@camatlas/shared";
import { Button } from "./ui/button.tsx";
import { StatusView } from "./ui/status-view.tsx";

export const NOT_FOUND_DEFAULTS = {
  title: PAGE_DEFAULTS.notFoundTitle,
  text: PAGE_DEFAULTS.notFoundText,
} as const;

/** The not-found page body, shown at the requested address (status 404). */
export function NotFoundView({ title, text }: { title?: string; text?: string }) {
  return (
    <StatusView status={404} title={title || NOT_FOUND_DEFAULTS.title} text={text || NOT_FOUND_DEFAULTS.text}>
      <Button to="/" size="lg">
        Go to the home page
      </Button>
    </StatusView>
  );
}
