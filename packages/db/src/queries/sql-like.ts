/** Escapes LIKE's wildcards (and its escape character) so user text matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
