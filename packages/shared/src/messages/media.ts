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
