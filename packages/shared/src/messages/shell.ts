// Texts of the site shell every page shows: the age gate, page defaults, tabs and generic errors.

export const AGE_GATE_TEXT = {
  notice: "This is an age-restricted adult website. You must be at least 18 years old to enter.",
  question: "Are you over 18 years of age?",
  yes: "Yes",
  no: "No",
  rememberMe: "Remember me",
} as const;

/** Defaults of the configurable page settings (spec §2). */
export const PAGE_DEFAULTS = {
  homeTitle: "Find your girl",
  homeSubheading: "Like a certain webcam model? Find her profiles on all sites!",
  homeNumbersTitle: "{product} in numbers",
  // The spec names these pages but leaves their texts open; admins edit them in the settings.
  registerTitle: "Join {product}",
  registerText: "Create a free account to comment, vote, write reviews and follow your favourite models.",
  forgotPasswordTitle: "Forgot your password?",
  forgotPasswordText:
    "Enter the email address of your account and we will send you a link to choose a new password.",
  blockedTitle: "Your account has been blocked",
  blockedText:
    "An administrator has blocked this account. If you think this is a mistake, please contact us.",
  notFoundTitle: "Page not found",
  notFoundText: "The page you are looking for does not exist or has been moved.",
} as const;

/** Labels of the "{product} in numbers" list (spec §2), computed from live counts. */
export const HOME_NUMBER_LABELS = {
  models: "Models",
  nicknames: "Nicknames",
  camsites: "Camsites",
  members: "Members",
} as const;

export const TAB_LABELS = {
  stats: "Stats",
  statistics: "Statistics",
  badgesEarned: "Badges Earned",
  recentSnapshots: "Recent Snapshots",
  nicknames: "Nicknames",
  comments: "Comments",
  discussions: "Discussions",
  links: "Links",
  girlsLikeHer: "Girls like her",
  reviews: "Reviews",
  cwsw: "CWSW",
  users: "Users",
  userReviews: "User Reviews",
  productReviews: "{product}s Reviews",
  basicInfo: "Basic Info",
  camsitesAndNicknames: "Camsites and nicknames",
  tags: "Tags",
  finish: "Finish",
  stories: "Stories",
} as const;

/** Token errors the server sends (spec §8); the client compares against these exact strings. */
export const TOKEN_ERRORS = {
  blacklisted: "The token has been blacklisted",
  signatureInvalid: "Token Signature could not be verified.",
  refreshExpired: "Token has expired and can no longer be refreshed",
  expired: "Token has expired",
} as const;

export const ERROR_TEXT = {
  snackbarPrefix: "Oops! Something went wrong: ",
  serverBroken: "Server is broken.",
  close: "Close",
  reviewNotAllowed: "Users cannot create a review if three of their reviews have been removed by admin",
} as const;
