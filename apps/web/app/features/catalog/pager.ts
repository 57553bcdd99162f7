import { PAGE_SIZE } from "@camatlas/shared";

// The numbered pager of lists (spec §9: at most 7 page numbers), centred on the current page.

/** The page numbers to show: a window of at most `maxSize` pages around `current`, inside 1…last. */
export function pagerPages(
  current: number,
  last: number,
  maxSize: number = PAGE_SIZE.pagerMaxSize,
): number[] {
  const total = Math.max(1, Math.floor(last));
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  const size = Math.max(1, Math.min(maxSize, total));
  let start = page - Math.floor((size - 1) / 2);
  start = Math.max(1, Math.min(start, total - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}
