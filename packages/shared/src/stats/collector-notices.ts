/** The admins' notice about a collector that stopped storing polls. */
export function collectorStalledNotice(
  camSiteName: string,
  silentMinutes: number,
): { title: string; text: string } {
  return {
    title: `The ${camSiteName} collector stalled`,
    text: `No poll of ${camSiteName} was stored for ${silentMinutes} minutes. Its statistics are not being recorded: see the collectors' health.`,
  };
}
