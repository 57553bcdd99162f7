// The generic API replies, confirmations and validation texts.

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
  malformedForm: "Malformed multipart form in request body.",
  unsupportedMediaType:
    "Unsupported content type: send application/json (or multipart/form-data for uploads).",
  bodyTooLarge: "The request body is too large.",
  tooManyRequests: "Too many requests.",
  fileTooLarge: "File is too large.",
  invalidFileFormat: "Invalid file format.",
  invalidCredentials: "These credentials do not match our records.",
  invalidToken: "This token is invalid.",
  accountBlocked: "Your account has been blocked.",
  conflict: "The resource was changed by someone else.",
  serverError: "Server Error",
  /** 503: the database does not answer (an outage); the client may retry in a few seconds. */
  serviceUnavailable: "The service is temporarily unavailable. Please try again in a moment.",
  passwordResetSent: "We have emailed your password reset link.",
  passwordReset:
    "Your password has been reset. Every session signed in with the old password has been signed out.",
  passwordChanged: "Your password has been changed. Every other session has been signed out.",
  loggedOut: "Successfully logged out.",
  deleted: "Successfully deleted.",
  crossSiteRequest: "Cross-site request refused.",
  oauthNotConfigured: "This sign-in provider is not configured.",
  cannotModerateSelf: "You cannot change the role of or block your own account.",
  userBlocked: "The user has been blocked.",
  userUnblocked: "The user has been unblocked.",
  userRoleChanged: "The role has been changed.",
  notificationsRead: "All notifications marked as read.",
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
  roleNotAllowed: "Choose camfan or camgirl.",
  mediaNotFound: "This image does not exist or is not yours.",
  /** NUL characters and lone UTF-16 surrogates: no text column or JSON value can hold them. */
  invalidCharacters: "Contains characters that are not allowed.",
  /** A body id: a whole number from 1 to 2147483647. */
  invalidId: "Must be an id (a whole number from 1 to 2147483647).",
  wholeNumber: "Must be a whole number.",
  numberOutOfRange: "Must be a whole number from -2147483648 to 2147483647.",
  emptyFile: "The file is empty.",
} as const;

export function tooShort(min: number): string {
  return `Must be at least ${min} characters.`;
}

export function tooLong(max: number): string {
  return `May not be greater than ${max} characters.`;
}
