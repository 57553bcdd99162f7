import { utcDate, utcDateOf, utcTime } from "@camatlas/shared";

/** Date and time for the desk, in the spec's formats (MMM dd, yyyy, hh:mm a) and UTC. */
export function formatPostDateTime(iso: string | null): string {
  const date = iso ? utcDateOf(iso) : null;
  return date ? `${utcDate(date)}, ${utcTime(date)} UTC` : "";
}
