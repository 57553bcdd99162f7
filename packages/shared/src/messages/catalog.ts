// The catalog and its statistics.

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

/** The blind spot of every camsite list, said under each stats coverage note. */
export const COVERAGE_BLIND_SPOT =
  "Models who hide from the camsite's public list or block the collector's region are not seen while they do.";
