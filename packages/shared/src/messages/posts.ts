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
