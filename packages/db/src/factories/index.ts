// One set of factories for the demo seed, API tests and e2e tests: create* insert a row, build* return one.

export * from "./banner-images.ts";
export * from "./camsite-popularity.ts";
export * from "./create-random.ts";
export * from "./forum-factory.ts";
export * from "./generated-image.ts";
export * from "./media-factory.ts";
export * from "./model-content.ts";
export * from "./model-factory.ts";
export * from "./model-link-factory.ts";
export * from "./model-rating-factory.ts";
export * from "./nickname-factory.ts";
export * from "./nickname-styles.ts";
export * from "./person-names.ts";
export * from "./places.ts";
export * from "./portrait-images.ts";
export * from "./portrait-svg.ts";
export * from "./portrait-traits.ts";
export * from "./post-factory.ts";
export * from "./tag-factory.ts";
export * from "./time.ts";
export * from "./unique-text.ts";
export * from "./user-factory.ts";
export * from "./user-review-factory.ts";
