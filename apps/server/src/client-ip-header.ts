/** Spec §7: the client IP header carries the product prefix, e.g. `CamAtlas-Client-Ip`. */
export function clientIpHeaderName(productName: string): string {
  const prefix = productName.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "App";
  return `${prefix}-Client-Ip`;
}
