import type { CamSiteSummaryReply } from "@camatlas/shared/api-contract";
import type { NicknameSummary } from "@camatlas/shared/schemas/model-card";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NicknameList } from "./nickname-list.tsx";

const nickname = (overrides: Partial<NicknameSummary>): NicknameSummary => ({
  id: 1,
  nickname: "MiaRose",
  type: "solo",
  activity_status_id: 100,
  last_activity: null,
  cam_site_id: 33,
  cam_site: { id: 33, name: "Chaturbate", slug: "chaturbate" },
  url: "https://chaturbate.com/miarose/",
  ...overrides,
});

const camsite = {
  id: 33,
  name: "Chaturbate",
  model_url_template: "https://cb.example/{nickname}/",
  logo_path: null,
};

function render(nicknames: NicknameSummary[], canRequestRemoval = false) {
  // The removal request is a <Form>, which needs a data router.
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <NicknameList
          nicknames={nicknames}
          camsites={new Map([[33, camsite as unknown as CamSiteSummaryReply]])}
          canRequestRemoval={canRequestRemoval}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

describe("NicknameList (server markup)", () => {
  it("links each nickname to her page on the camsite at the address the API built", () => {
    const html = render([nickname({ url: "https://cb.example/miarose/" })]);
    expect(html).toContain('href="https://cb.example/miarose/"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain("Visit MiaRose on Chaturbate");
    expect(html).toContain('href="/chaturbate/model/MiaRose"');
  });

  it("shows the type and the live status: offline by default, streaming otherwise", () => {
    expect(render([nickname({ type: "couple" })])).toContain("Couple");
    expect(render([nickname({})])).toContain("Offline");
    expect(render([nickname({ activity_status_id: 1 })])).toContain("Streaming");
    expect(render([nickname({ activity_status_id: 6 })])).toContain("On break");
  });

  it("offers a removal request only when allowed", () => {
    expect(render([nickname({})])).not.toContain("Request removal");
    expect(render([nickname({})], true)).toContain('value="remove-nickname"');
  });
});
