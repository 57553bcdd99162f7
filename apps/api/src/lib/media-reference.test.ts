import { ROLE } from "@camatlas/shared";
import { describe, expect, it } from "vitest";
import { mediaReferenceProblem } from "./media-reference.ts";

const camfan = { id: 2, roleId: ROLE.camfan };
const camgirl = { id: 3, roleId: ROLE.camgirl };
const admin = { id: 1, roleId: ROLE.admin };

describe("mediaReferenceProblem", () => {
  it("accepts the caller's own file of a fitting kind", () => {
    expect(mediaReferenceProblem({ userId: 2, kind: "avatar" }, "model_avatar", camfan)).toBeNull();
    expect(
      mediaReferenceProblem({ userId: 3, kind: "verification_image" }, "verification", camgirl),
    ).toBeNull();
  });

  it("refuses someone else's file as if it did not exist", () => {
    expect(mediaReferenceProblem({ userId: 3, kind: "avatar" }, "model_avatar", camfan)).toBe("missing");
    expect(mediaReferenceProblem({ userId: 3, kind: "avatar" }, "user_avatar", camfan)).toBe("missing");
    expect(mediaReferenceProblem(null, "model_avatar", camfan)).toBe("missing");
  });

  it("never lets a verification photo serve a public use, even its owner's or an admin's", () => {
    expect(mediaReferenceProblem({ userId: 3, kind: "verification_image" }, "model_avatar", camgirl)).toBe(
      "kind",
    );
    expect(mediaReferenceProblem({ userId: 3, kind: "verification_image" }, "user_avatar", camgirl)).toBe(
      "kind",
    );
    expect(mediaReferenceProblem({ userId: 3, kind: "verification_image" }, "model_avatar", admin)).toBe(
      "missing",
    );
    expect(mediaReferenceProblem({ userId: 3, kind: "verification_image" }, "featured_picture", admin)).toBe(
      "missing",
    );
    expect(mediaReferenceProblem({ userId: null, kind: "verification_image" }, "model_avatar", admin)).toBe(
      "missing",
    );
  });

  it("lets admins pick anyone's public picture only for the uses that allow it", () => {
    expect(mediaReferenceProblem({ userId: 3, kind: "avatar" }, "model_avatar", admin)).toBeNull();
    expect(
      mediaReferenceProblem({ userId: 3, kind: "featured_model" }, "featured_picture", admin),
    ).toBeNull();
    expect(mediaReferenceProblem({ userId: 3, kind: "avatar" }, "user_avatar", admin)).toBe("missing");
    expect(mediaReferenceProblem({ userId: 3, kind: "verification_image" }, "verification", admin)).toBe(
      "missing",
    );
  });

  it("lets anyone name the site's own public files (demo avatars)", () => {
    expect(mediaReferenceProblem({ userId: null, kind: "avatar" }, "model_avatar", camfan)).toBeNull();
    expect(mediaReferenceProblem({ userId: null, kind: "comment_attachment" }, "model_avatar", camfan)).toBe(
      "missing",
    );
  });
});
