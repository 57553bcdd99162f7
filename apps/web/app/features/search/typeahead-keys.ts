// Keyboard moves in the header typeahead (WAI-ARIA combobox with a listbox popup), pure for tests.

/** The option index after ArrowDown (+1) or ArrowUp (-1); -1 means "back in the input". Wraps around. */
export function moveActive(current: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current === -1) return delta === 1 ? 0 : count - 1;
  const next = current + delta;
  if (next < 0 || next >= count) return -1;
  return next;
}

/** The secondary line of a suggestion: which nickname matched and where, when it was not her name. */
export function matchNote(item: {
  name: string;
  matched: string;
  cam_site: { name: string } | null;
}): string | null {
  if (!item.cam_site && item.matched.toLowerCase() === item.name.toLowerCase()) return null;
  return item.cam_site ? `${item.matched} on ${item.cam_site.name}` : item.matched;
}
