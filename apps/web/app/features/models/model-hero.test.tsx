import type { ModelProfile } from "@camatlas/shared/schemas/model-card";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ModelHero } from "./model-hero.tsx";
import type { UsualSeries } from "./usual-hours.ts";

type Nickname = ModelProfile["nicknames"][number];

const OFFLINE = 100;
const FREE_CHAT = 1;

const nickname = (overrides: Partial<Nickname>): Nickname => ({
  id: 1,
  nickname: "MiaRose",
  type: "solo",
  activity_status_id: OFFLINE,
  last_activity: null,
  cam_site_id: 33,
  cam_site: { id: 33, name: "Chaturbate", slug: "chaturbate" },
  url: "https://chaturbate.com/miarose/",
  ...overrides,
});

function profile(overrides: Partial<ModelProfile> = {}): ModelProfile {
  const none = Object.fromEntries(
    ["edit", "edit_directly", "change_visibility", "block", "bind", "rate", "verify", "edit_content"].map(
      (k) => [k, false],
    ),
  );
  return {
    id: 7,
    slug: "mia-rose",
    name: "Mia Rose",
    avatar_path: null,
    age: 24,
    country: "RO",
    city: "Bucharest",
    location: "Bucharest, Romania",
    rating: 4,
    rating_votes: 3,
    nicknames: [],
    verification: { is_verified: false, my_request_status: null },
    has_unchecked_revisions: false,
    user_rating: null,
    can: none,
    ...overrides,
  } as unknown as ModelProfile;
}

function render(model: ModelProfile, usual: UsualSeries | null = null, signedIn = false) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <ModelHero model={model} logos={new Map()} signedIn={signedIn} usual={usual} />,
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

describe("ModelHero (server markup)", () => {
  it("leads with where she is online now, and watching there is a secondary button", () => {
    const html = render(
      profile({
        nicknames: [
          nickname({}),
          nickname({
            id: 2,
            nickname: "MiaLive",
            activity_status_id: FREE_CHAT,
            url: "https://chaturbate.com/mialive/",
          }),
        ],
      }),
    );
    expect(html).toContain("Online now");
    expect(html).toMatch(/on <span[^>]*>Chaturbate<\/span> as MiaLive/);
    expect(html).toMatch(/<a[^>]*href="https:\/\/chaturbate.com\/mialive\/"[^>]*>Watch on Chaturbate/);
    expect(html).toMatch(/href="https:\/\/chaturbate.com\/mialive\/"[^>]*class="[^"]*border-line[^"]*"/);
    expect(html).not.toMatch(/class="[^"]*bg-primary [^"]*"[^>]*>Watch on/);
  });

  it("says offline and where she was last seen when no nickname is live", () => {
    const html = render(
      profile({
        nicknames: [
          nickname({ last_activity: "2026-10-01T10:00:00.000Z" }),
          nickname({
            id: 2,
            cam_site_id: 12,
            cam_site: { id: 12, name: "MyFreeCams", slug: "myfreecams" },
            last_activity: "2026-10-19T07:45:54.699Z",
          }),
        ],
      }),
    );
    expect(html).toContain("Offline");
    expect(html).toMatch(/last seen Oct 19, 2026 on MyFreeCams/);
    expect(html).not.toContain("Online now");
  });

  it("lists her nicknames as links to this site's pages for them, and when she usually streams", () => {
    const evening = Array.from({ length: 24 }, (_, h) => (h >= 19 && h < 23 ? 3600 : 0));
    const weekUtc = Array.from({ length: 7 }, (_, d) =>
      d === 5 || d === 6 ? evening : evening.map(() => 0),
    );
    const html = render(profile({ nicknames: [nickname({})] }), { hoursUtc: evening, weekUtc });
    expect(html).toMatch(/href="\/chaturbate\/model\/MiaRose"/);
    expect(html).toContain("Usually online");
    expect(html).toContain("Sat, Sun, 19:00–23:00");
    expect(html).toContain("UTC");
  });

  it("offers guests to log in to rate, and shows no nickname or hours section without data", () => {
    const html = render(profile());
    expect(html).toContain("Log in to rate her");
    expect(html).not.toContain("Nicknames");
    expect(html).not.toContain("Usually online");
    expect(render(profile(), null, true)).not.toContain("Log in to rate her");
  });
});
