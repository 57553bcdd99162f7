/** Hands out case-insensitively unique strings: "luna" then "luna2", "luna3"… cut to maxLength. */
export function createUniqueText(maxLength = 255): (candidate: string) => string {
  const seen = new Set<string>();
  return (candidate) => {
    let value = candidate.slice(0, maxLength);
    for (let n = 2; seen.has(value.toLowerCase()); n++) {
      const suffix = String(n);
      value = candidate.slice(0, maxLength - suffix.length) + suffix;
    }
    seen.add(value.toLowerCase());
    return value;
  };
}
