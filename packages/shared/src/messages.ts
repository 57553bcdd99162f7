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

/** Replies of the media, settings, pages and featured-model endpoints. */
/** Admin screens' confirmations that the spec leaves open. */
export const ADMIN_SUCCESS_MESSAGES = {
  pageSaved: "Page saved.",
} as const;

export const SHELL_MESSAGES = {
  tooManyFiles: "Too many files.",
  unknownSetting: "Unknown setting.",
  readOnlySetting: "This setting is computed and cannot be changed.",
  settingNameMismatch: "The name must match the setting in the address.",
  reservedSlug: "This address is used by the site itself.",
  slugTaken: "This address is already taken.",
  slugFormat: "Use lowercase letters, digits and single dashes (e.g. about-us).",
  modelNotFound: "No such model.",
  mediaNotFound: "No such file.",
  endsBeforeStart: "The end must be after the start.",
  dateRangeOrder: "The start date must not be after the end date.",
  storageNotConfigured: "Direct uploads are not available.",
  dateRangeTooLong: "The range may span at most 366 days.",
  navPlacement: "Choose where the page is linked: none, header or footer.",
  navPosition: "The order must be a whole number from 0 to 999.",
} as const;

/** Where an admin-created page is linked from the site's shell (the page's admin form). */
export const PAGE_NAV_PLACEMENT_LABELS = {
  none: "Not linked",
  header: "Header menu",
  footer: "Footer",
} as const;

/**
 * The Contact page's e-mail addresses (the `contact` setting), in the order shown; an empty address hides its line.
 * The spec leaves these open: they follow the lines the Contact page has always listed, plus press.
 */
export const CONTACT_ADDRESS_LABELS = {
  support_email: "General questions and account help",
  dmca_email: "Copyright (DMCA) notices and abuse reports",
  privacy_email: "Privacy requests (access, correction, deletion)",
  press_email: "Press",
} as const;
export const CONTACT_ADDRESSES_TITLE = "Email";

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

/** Video upload and processing texts the spec leaves open (its four status texts are in SUCCESS_MESSAGES). */
export const VIDEO_MESSAGES = {
  notAVideo: "The file is not a readable video (mp4, mov, webm or mkv).",
  noVideoStream: "The file has no video track.",
  tooLong: "The video is longer than {seconds} seconds.",
  processingFailed: "The video could not be processed. Please upload it again.",
  unavailable: "Video uploads are not available right now: the server cannot read videos.",
  notYours: "This video does not exist or is not yours.",
  jobRequeued: "The video is queued for processing again.",
  jobNotFailed: "Only a video job that ended in error can be retried.",
  jobNotFound: "No such video job.",
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

/** Texts of the sign-in and account pages (the spec leaves them open). */
export const ACCOUNT_TEXT = {
  identityRequired: "Enter your email or nickname.",
  passwordRequired: "Enter your password.",
  emailRequired: "Enter your email address.",
  chooseImage: "Choose an image.",
  oauthFailed: "Signing in with that account did not work. Please try again.",
  resetLinkInvalid:
    "This password reset link was already used, has expired or is not valid. Ask for a new one below.",
} as const;

/**
 * Mails telling the owner about a change to their account, so a change they did not make does not go unnoticed:
 * a subject and the paragraphs of the body (`{product}` is the product name).
 */
export const ACCOUNT_NOTICES = {
  passwordChanged: {
    subject: "Your {product} password was changed",
    lines: () => [
      "The password of your {product} account was just changed. Every other session signed in to it has been signed out.",
      'If you did not change it, choose a new password at once with "Forgot your password?" on the sign-in page.',
    ],
  },
  passwordReset: {
    subject: "Your {product} password was reset",
    lines: () => [
      "The password of your {product} account was just reset with a recovery link. Every session signed in with the old password has been signed out.",
      'If you did not ask for this, choose a new password at once with "Forgot your password?" on the sign-in page.',
    ],
  },
  emailChanged: {
    subject: "The email address of your {product} account was changed",
    lines: (newEmail: string) => [
      `The email address of your {product} account was just changed to ${newEmail}. Mails about the account now go there.`,
      "If you did not change it, sign in and change it back, then change your password.",
    ],
  },
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

/** Field errors and replies of the catalog (models, nicknames, links, camsites, moderation). */
export const CATALOG_MESSAGES = {
  unknownCamsite: "This camsite does not exist.",
  nicknameTakenOnCamsite: "This nickname is already listed on this camsite.",
  duplicateNicknameInRequest: "This nickname appears twice for the same camsite.",
  httpUrlOnly: "Only http and https links are allowed.",
  unknownTag: "This tag does not exist.",
  unknownModel: "This model does not exist.",
  ratingRange: "The rating must be a whole number from 1 to 5.",
  unknownCountry: "Unknown country code.",
  unknownRegion: "Unknown state or region code.",
  invalidIp: "Enter an IP address or a CIDR range.",
  slugTaken: "This address is already used by another profile.",
  nothingToChange: "Nothing to change.",
  alreadyVerified: "This model is already verified.",
  verificationPending: "Your verification request for this model is waiting for an admin.",
  notACamgirl: "Only camgirl accounts can be bound to a model.",
  removalPending: "A removal of this nickname is already waiting for an admin.",
  avatarChangesForbidden: "The model does not allow avatar changes.",
  ownModelRating: "You cannot rate your own profile.",
  alreadyDecided: "This request was already decided.",
  revisionApproved: "Revision approved. The changes are visible now.",
  revisionRejected: "Revision rejected.",
  nicknameRemoved: "Nickname removed.",
  removalRejected: "Removal request rejected.",
  modelApproved: "Model approved.",
  modelRejected: "Model rejected and removed.",
  verificationApproved: "Verification approved. The model is bound to her account.",
  verificationRejected: "Verification rejected.",
  verificationSubmitted: "Verification request sent. An admin will check it soon.",
  reportSent: "Thank you. An admin will check this report.",
  reportResolved: "Report resolved.",
  modelUpdated: "Model profile successfully updated.",
  ratingSaved: "Your rating was saved.",
  modelBound: "The model is bound to the user.",
  modelUnbound: "The model is no longer bound to a user.",
  blocksSaved: "Blocks saved.",
  visibilitySaved: "Visibility settings saved.",
  linksAdded: "Links successfully added.",
  camsiteSaved: "Camsite successfully saved.",
  metaSaved: "Camsite meta saved.",
  tagSaved: "Tag saved.",
  tagTaken: "This tag already exists.",
  chooseResolution: "Choose approved or rejected.",
  wrongVerificationImage: "Upload the verification image first (POST /media/verification-image).",
} as const;

/** Stats API and pages (issue 6). */
export const STATS_MESSAGES = {
  notAvailable: "This statistic is not available on this camsite.",
  rangeOrder: "The from date must not be after the to date.",
  rangeTooLong: "The range may cover at most 731 days.",
  tipsNotCollected: "Tips are not collected by the camsite feeds yet.",
  hiddenByModel: "Hidden by the model.",
} as const;

/** Notifications sent when an admin decides on something a user submitted (title, then text about one model). */
export const MODERATION_NOTICES = {
  revisionApproved: {
    title: "Your edit was approved",
    text: (model: string) => `Your changes to ${model} are now visible to everyone.`,
  },
  revisionRejected: {
    title: "Your edit was not accepted",
    text: (model: string) => `An admin did not accept your changes to ${model}.`,
  },
  verificationApproved: {
    title: "Profile verified",
    text: (model: string) =>
      `You are now verified as ${model}. You can edit her profile and choose who sees it.`,
  },
  verificationRejected: {
    title: "Verification not accepted",
    text: (model: string) => `An admin could not confirm that you are ${model}.`,
  },
} as const;

/** Field errors and replies of stories (spec §3 Story; the spec leaves the texts open). */
export const STORY_MESSAGES = {
  notYourModel: "You can post stories only for a model bound to your account.",
  unknownModel: "No such model.",
  unknownCamsite: "This camsite does not exist.",
  publishTooEarly: "The publish time may not be more than a minute in the past.",
  publishTooLate: "A story may be scheduled at most 30 days ahead.",
  notStoryMedia: "Choose an image or a video you uploaded.",
  videoNotReady: "The video is still being processed.",
  created: "The story has been scheduled.",
  deleted: "The story has been deleted.",
  viewed: "Viewed.",
} as const;

/** Editorial reviews, blog and news (the posts engine, its desk and its pages; the spec leaves the texts open). */
export const POST_MESSAGES = {
  postNameTaken: "Another post of this kind already has this address.",
  postNameFormat: "Use lowercase letters, digits and single dashes (e.g. my-first-post).",
  unknownCamsite: "This camsite does not exist.",
  tooManyTags: "A post may have at most 10 tags.",
  tooManyLinks: "A post may link at most 10 models and 10 camsites.",
  publishAtTooEarly: "The publish time may not be more than a minute in the past.",
  emptyBody: "Write the post before publishing it.",
  created: "The post has been saved as a draft.",
  saved: "The post has been saved.",
  published: "The post has been published.",
  scheduled: "The post has been scheduled.",
  unpublished: "The post is a draft again.",
  deleted: "The post has been deleted.",
  voted: "Thank you for your vote.",
  /** To the camgirl bound to a model a post is about: `{kind}` is review, blog post or news. */
  notifyPublished: "A {kind} about {model} has been published.",
  notifyScheduled: "A {kind} about {model} will be published on {date}.",
} as const;

/** Field errors of media fetched from a URL (POST /media/avatar-from-url, /media/create-by-url). */
export const MEDIA_URL_MESSAGES = {
  scheme: "Only http and https addresses can be fetched.",
  credentials: "The address may not contain a user name or password.",
  privateAddress: "This address is not reachable from the site.",
  unresolved: "This address could not be found.",
  redirects: "The address redirects too many times.",
  timeout: "The address took too long to answer.",
  failed: "The address did not answer with a file.",
} as const;

/** Local direct uploads (POST /media/presigned without S3): the signed link and its PUT. */
export const DIRECT_UPLOAD_MESSAGES = {
  linkInvalid: "This upload link is invalid or has expired.",
  alreadyUploaded: "This file has already been uploaded.",
  sizeMismatch: "The file is not the size announced.",
  typeMismatch: "The file is not of the type announced.",
  notReceived: "The file has not been uploaded yet.",
  stillReceiving: "This upload is still being checked. Try again in a moment.",
  notFinished: "This file has not finished uploading.",
} as const;

/** User reviews by camfans (spec §4, §5, §8 texts are in SUCCESS_MESSAGES and ERROR_TEXT; these the spec leaves open). */
export const USER_REVIEW_MESSAGES = {
  camgirlsCannotReview: "Camgirls cannot write reviews.",
  alreadyReviewed: "You have already reviewed this model. Edit your review instead.",
  nicknameNotOfModel: "Choose nicknames of this model.",
  tooManyImages: "A review may carry at most 10 images.",
  notReviewImage: "Choose an image you uploaded.",
  notReviewVideo: "Choose a video you uploaded.",
  videoFailed: "This video could not be processed. Upload it again or choose another one.",
  videoNeedsWords: "A review needs at least 500 words to carry a video.",
  videoTooLong: (seconds: number, words: number, limit: number) =>
    `This video is ${seconds} seconds long; a review of ${words} words may carry a video of at most ${limit} seconds.`,
  updated: "Review saved. Other users will see the changes only after confirmation by admin.",
  notEditable: "This review can no longer be edited.",
  hidden: "The review is now hidden on the model's page.",
  notHideable: "Only a published review can be hidden.",
  removed: "The review has been removed.",
  alreadyDecided: "This review has already been decided.",
  notDecidable: "Only a published review can be removed.",
  voted: "Thank you for your vote.",
  ownReview: "You cannot vote for your own review.",
  notVotable: "Only a published review can be voted on.",
  bulkDone: (count: number) => `${count} ${count === 1 ? "review" : "reviews"} decided.`,
} as const;

/** What the author of a review is told about each decision on it (a notification with a link to the review). */
export const USER_REVIEW_NOTICES = {
  approved: {
    title: "Review published",
    text: (model: string) => `Your review of ${model} has been published.`,
  },
  rejected: {
    title: "Review rejected",
    text: (model: string) => `Your review of ${model} was not accepted.`,
  },
  removed: {
    title: "Review removed",
    text: (model: string) => `Your review of ${model} was removed by an admin.`,
  },
  hidden: {
    title: "Review hidden",
    text: (model: string) => `${model} hid your review from her page. You and the admins still see it.`,
  },
} as const;

/** Comments everywhere (decision 0015): field errors, replies, notices and the texts of the comment threads. */
export const COMMENT_MESSAGES = {
  textRequired: "Write something first.",
  unknownCommentable: "This page does not exist or does not take comments.",
  replyElsewhere: "This comment is not in the same thread.",
  unknownReplyTarget: "The comment you reply to does not exist.",
  tooManyAttachments: "A comment may carry at most 4 images.",
  duplicateAttachment: "This image is attached twice.",
  postedTooFast: "Please wait 10 seconds between comments.",
  banned: "You may no longer comment on this site.",
  editWindowOver: "Comments can be edited for 15 minutes after posting.",
  ownVote: "You cannot vote on your own comment.",
  deletedComment: "This comment was deleted.",
  alreadyReported: "You have already reported this comment.",
  posted: "Your comment was posted.",
  updated: "Your comment was updated.",
  deleted: "The comment was deleted.",
  hidden: "The comment is hidden.",
  unhidden: "The comment is shown again.",
  reported: "Thank you. An admin will check this comment.",
  moderated: (count: number) => `${count} comment${count === 1 ? "" : "s"} updated.`,
  /** What a reader sees in place of a comment that was deleted or hidden (the thread keeps its shape). */
  deletedPlaceholder: "Comment deleted",
  hiddenPlaceholder: "Comment hidden by the model",
  edited: "edited",
  empty: "No comments yet. Be the first to write one.",
  signInToComment: "Log in to comment",
  loadFailed: "The comments could not be loaded. Try again in a moment.",
  actionInvalid: "That did not work: the comment was empty, too long or its page is gone.",
  actionNotAllowed: "You may not do that with this comment.",
  actionFailed: "That did not work. Try again in a moment.",
} as const;

/** Notifications about comments (title, then text); each carries a link to the comment. */
export const COMMENT_NOTICES = {
  reply: { title: "New reply", text: (author: string) => `${author} replied to your comment.` },
  onYourModel: {
    title: "New comment on your profile",
    text: (author: string, model: string) => `${author} commented on ${model}.`,
  },
  onYourReview: {
    title: "New comment on your review",
    text: (author: string) => `${author} commented on your review.`,
  },
  onYourPage: {
    title: "New comment on your page",
    text: (author: string) => `${author} commented on your page.`,
  },
} as const;

/** Following a model and her "online anywhere" alerts (issue 20). */
export const FOLLOW_MESSAGES = {
  followed: (model: string) => `You follow ${model}. We will tell you when she comes online.`,
  unfollowed: (model: string) => `You no longer follow ${model}.`,
  tooManyFollows: (max: number) => `You can follow at most ${max} models. Unfollow one first.`,
  follow: "Follow",
  following: "Following",
  unfollow: "Unfollow",
  signInToFollow: "Log in to follow",
  pageTitle: "Following",
  empty: "You do not follow anyone yet. Follow a model from her page and she appears here.",
  onlineNow: "Online now",
  offline: "Offline",
  settingsSaved: "Your alert settings are saved.",
  invalidTimeZone: "Choose a time zone from the list.",
  pushSubscribed: "This browser will get alerts.",
  pushUnsubscribed: "This browser no longer gets alerts.",
  invalidPushEndpoint: "This push address is not a secure web address.",
  unsubscribed: "You will get no more alert e-mails. You can turn them on again in your alert settings.",
  unknownUnsubscribeLink: "This unsubscribe link is not valid any more.",
} as const;

/** The alerts a fan gets (in-site notification title, then text); each links to her page. */
export const ALERT_NOTICES = {
  online: {
    title: "Online now",
    text: (model: string, camsite: string) => `${model} is online now on ${camsite}.`,
  },
  showChange: {
    title: "Show change",
    text: (model: string, status: string, camsite: string) => `${model} is now in ${status} on ${camsite}.`,
  },
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

/** The blind spot of every camsite list, said under each stats coverage note. */
export const COVERAGE_BLIND_SPOT =
  "Models who hide from the camsite's public list or block the collector's region are not seen while they do.";
