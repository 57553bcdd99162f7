// Comments and moderation notices.

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
