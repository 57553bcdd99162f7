export * from "./camsites.ts";
export * from "./media.ts";
export * from "./models.ts";
export * from "./reference.ts";
export * from "./settings.ts";
export * from "./users.ts";
