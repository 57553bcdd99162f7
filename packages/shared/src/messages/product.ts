// The product name and its placeholder in texts.

export const DEFAULT_PRODUCT_NAME = "CamAtlas";

export const PRODUCT_PLACEHOLDER = "{product}";

/** Replaces every `{product}` with the configured product name. */
export function productText(text: string, productName: string = DEFAULT_PRODUCT_NAME): string {
  return text.split(PRODUCT_PLACEHOLDER).join(productName);
}
