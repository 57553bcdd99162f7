// Replies and labels of the settings, pages, media and featured-model screens.

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
