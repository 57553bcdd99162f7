import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE } from "@camatlas/shared";
import { formatDate } from "../catalog/catalog-labels.ts";

const TIME = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  hour: "2-digit",
  minute: "2-digit",
  hour12: true,
  timeZone: DEFAULT_TIME_ZONE,
});

/** Date and time for the desk, in the spec's formats (MMM dd, yyyy, hh:mm a) and UTC. */
export function formatPostDateTime(iso: string | null): string {
  if (!iso) return "";
  return `${formatDate(iso)}, ${TIME.format(new Date(iso))} UTC`;
}
