import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SnackbarHost } from "./snackbar.tsx";

describe("SnackbarHost", () => {
  it("renders an empty live region on the server", () => {
    const html = renderToStaticMarkup(<SnackbarHost />);
    expect(html).toContain('aria-live="polite"');
    expect(html).not.toContain("Close");
  });
});
