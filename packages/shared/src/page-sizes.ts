// Page sizes per list (spec §9). One table so API defaults and UI pagers agree.
export const PAGE_SIZE = {
  default: 10,
  reviewsCarousel: 12,
  modelsCarousel: 8,
  posts: 3,
  reviews: 9,
  models: 12,
  modelComments: 10,
  recommendations: 4,
  reviewComments: 10,
  profileComments: 10,
  reviewSearch: 8,
  modelSearch: 8,
  commentSearch: 6,
  userSearch: 6,
  statsSearch: 8,
  nicknameActivities: 12,
  topicSearch: 4,
  statisticSnapshots: 6,
  snapshotSearch: 12,
  pastAwards: 12,
  commentRepliesShown: 3,
  revisions: 24,
  featuredModels: 10,
  tips: 8,
  userReviews: 9,
  aiSearch: 10,
  camsite: 8,
  /** Stories per page: a rail or a Stories tab (a model posts a few a day). */
  stories: 30,
  pagerMaxSize: 7,
  reviewsPerPage: 6,
  nicknameChanges: 15,
  aiSearchSnapshots: 4,
} as const;

export type PageSizeKey = keyof typeof PAGE_SIZE;

/** Upper bound for the per_page query parameter, so one request cannot pull a whole table. */
export const MAX_PER_PAGE = 100;
