// The clock the stories rules read (publish_at has come, archived_at has passed, how far ahead a story may be
// scheduled). It is the machine's clock, moved by CLOCK_OFFSET_SECONDS when a test starts the site with one: an
// end-to-end test restarts the site a day later to see a story archive, without waiting 24 hours or writing dates
// into the database behind the site's back. The env refuses an offset in production.

let offsetMs = 0;

/** Sets how far the site's clock runs ahead of the machine's (negative: behind). */
export function setSiteClockOffset(seconds: number): void {
  offsetMs = seconds * 1000;
}

/** Now, by the site's clock. */
export function siteNow(): Date {
  return new Date(Date.now() + offsetMs);
}
