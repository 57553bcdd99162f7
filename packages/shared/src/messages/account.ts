// Accounts: profile texts and account notices.

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
