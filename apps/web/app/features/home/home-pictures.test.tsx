import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Avatar } from "../account/avatar.tsx";
import { HomeHero } from "./home-hero.tsx";
import { homeSettings } from "./site-settings.ts";

// Pictures paint over the blur placeholder the API computed, as plain markup: a background on the image itself, or
// under it, with its box sized before the file arrives (no script in the browser).

function renderHero(home: ReturnType<typeof homeSettings>): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => <HomeHero home={home} /> }]);
  return renderToStaticMarkup(<Stub />);
}

const WIDE = "data:image/bmp;base64,Qk0=";
const NARROW = "data:image/bmp;base64,Qk1O";

describe("pictures over their placeholders", () => {
  it("gives a member's avatar its size and its placeholder as background", () => {
    const html = renderToStaticMarkup(
      <Avatar src="/media/avatars/me.webp" placeholder={WIDE} name="ada" size={112} />,
    );
    expect(html).toContain('width="112"');
    expect(html).toContain('height="112"');
    expect(html).toContain(`background-image:url(&quot;${WIDE}&quot;)`);
    // Without one, the plain image.
    expect(renderToStaticMarkup(<Avatar src="/media/avatars/me.webp" name="ada" />)).not.toContain(
      "background-image",
    );
  });

  it("puts each screen's header placeholder under the home hero's picture", () => {
    const home = homeSettings(
      {
        home: {
          header_image: "/media/settings/wide.webp",
          mobile_header_image: "/media/settings/narrow.webp",
        },
      },
      { "/media/settings/wide.webp": WIDE, "/media/settings/narrow.webp": NARROW },
    );
    const html = renderHero(home);
    expect(html).toMatch(new RegExp(`class="[^"]*sm:hidden"[^>]*background-image:url\\(&quot;${NARROW}`));
    expect(html).toMatch(new RegExp(`class="[^"]*hidden sm:block"[^>]*background-image:url\\(&quot;${WIDE}`));
    // No picture, no placeholder.
    const bare = renderHero(homeSettings({}));
    expect(bare).not.toContain("background-image");
  });
});
