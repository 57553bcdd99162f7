// Follows and alerts.

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
