// Every user-facing text of the spec, verbatim, plus the generic API replies. `{product}` is the configurable
// product name; resolve it with productText().

export const DEFAULT_PRODUCT_NAME = "CamAtlas";
export const PRODUCT_PLACEHOLDER = "{product}";

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

export const SUCCESS_MESSAGES = {
  revisionSubmitted:
    "Revision created and submitted for moderation. Changes will be visible after approved by admin",
  nicknameAdded: "Nickname successfully added.",
  nicknameRemovalRequested: "Nickname will be removed after admin approves this action.",
  videoStillProcessing: "The video is still being processed.",
  videoProcessingStarted: "Video processing has started.",
  videoUploaded: "Video successfully uploaded.",
  videoProcessed: "Video successfully processed",
  reviewConfirmed: "Review successfully confirmed.",
  reviewRejected: "Review successfully rejected.",
  reviewCreated: "Review successfully created. Other users will see it only after confirmation by admin.",
  profileSaved: "Profile successfully saved.",
  settingsSaved: "Settings successfully saved.",
  modelProfileCreated: "Model profile successfully created.",
  modelContentCreated: "Model content has been successfully created!",
  modelContentUpdated: "Model content has been successfully updated!",
} as const;

/** Generic API replies (not in the spec, which leaves them open); `{ message }` bodies use these. */
export const API_MESSAGES = {
  validationFailed: "The given data was invalid.",
  unauthenticated: "Unauthenticated.",
  unauthorized: "This action is unauthorized.",
  notFound: "Not found.",
  malformedJson: "Malformed JSON in request body.",
  tooManyRequests: "Too many requests.",
  fileTooLarge: "File is too large.",
  invalidFileFormat: "Invalid file format.",
  invalidCredentials: "These credentials do not match our records.",
  invalidToken: "This token is invalid.",
  accountBlocked: "Your account has been blocked.",
  conflict: "The resource was changed by someone else.",
  serverError: "Server Error",
  passwordResetSent: "We have emailed your password reset link.",
  passwordReset: "Your password has been reset.",
  loggedOut: "Successfully logged out.",
  deleted: "Successfully deleted.",
} as const;

/** Field-level texts for 422 replies, shared by zod schemas on both sides. */
export const VALIDATION_MESSAGES = {
  required: "This field is required.",
  invalidEmail: "Please enter a valid email address.",
  invalidUrl: "Please enter a valid URL.",
  nickNameChars: "The nickname may only contain letters, numbers, dots, underscores and dashes.",
  nickNameTaken: "This nickname is already taken.",
  emailTaken: "This email is already taken.",
  passwordsDoNotMatch: "The password confirmation does not match.",
  currentPasswordWrong: "The current password is incorrect.",
  underage: "You must be at least 18 years old.",
  reviewTooShort: "A review must have at least 500 words.",
  tooManyReviewNicknames: "A review may cover at most 2 nicknames.",
  invalidDate: "Please enter a valid date.",
} as const;

export function tooShort(min: number): string {
  return `Must be at least ${min} characters.`;
}

export function tooLong(max: number): string {
  return `May not be greater than ${max} characters.`;
}

/** Replaces every `{product}` with the configured product name. */
export function productText(text: string, productName: string = DEFAULT_PRODUCT_NAME): string {
  return text.split(PRODUCT_PLACEHOLDER).join(productName);
}

/** All texts in one object, for callers that prefer a single import. */
export const MESSAGES = {
  ageGate: AGE_GATE_TEXT,
  pageDefaults: PAGE_DEFAULTS,
  tabs: TAB_LABELS,
  token: TOKEN_ERRORS,
  error: ERROR_TEXT,
  success: SUCCESS_MESSAGES,
  api: API_MESSAGES,
  validation: VALIDATION_MESSAGES,
} as const;
