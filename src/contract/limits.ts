/**
 * Business constants and limits of spec §9, shared by the forms (client) and
 * the request schemas (server) so both sides refuse the same input.
 */
export const LIMITS = {
  messageMax: 500,
  descriptionMax: 500,
  nameMax: 100,
  groupNameMax: 100,
  locationMax: 100,
  joinMessageMax: 500,
  requestTitleMax: 100,
  usernameMin: 3,
  usernameMax: 30,
  phoneDigitsMin: 10,
  phoneDigitsMax: 15,
  defaultCountryPrefix: '+1',
  groupMaxMembersMin: 2,
  groupMaxMembersMax: 100,
  groupMaxMembersDefault: 50,
  groupCodeLength: 10,
  groupSearchMin: 3,
  radiusKmMin: 5,
  radiusKmMax: 50,
  radiusKmStep: 5,
  radiusKmDefault: 10,
  radiusDebounceMs: 300,
  geolocationTimeoutMs: 10_000,
  geolocationMaxAgeMs: 300_000,
  uploadAiMaxBytes: 10 * 1024 * 1024,
  uploadEditMaxBytes: 5 * 1024 * 1024,
  aiImageMaxPx: 512,
  aiImageQuality: 0.7,
  displayImageMaxPx: 1024,
  displayImageQuality: 0.85,
  feedbackRatingMin: 1,
  feedbackRatingMax: 5,
  sharedViaBadges: 3,
  unreadBadgeCap: 99,
  emailPreviewChars: 20,
  feedbackBannerOffsetPx: 72,
  loginHistorySkeletonRows: 5,
  newsItems: 4,
  donationBannerIntervalDays: 15,
  /** Device import: numbers with fewer digits are left as typed (spec §5), and then fail the phone rule. */
  importPhoneMinDigits: 7,
  contactNotesMax: 500,
  /** Referral tokens are opaque to the client; anything longer is not ours. */
  referralTokenMax: 1_000,
  /** An invitation link stays valid this long (docs/decisions/0007-contacts-and-invitations.md). */
  invitationLinkTtlDays: 30,
  /**
   * Adding a contact or asking whether someone is registered tells whether a
   * phone, email or username belongs to a user; this caps how many such
   * answers one account gets per hour (enough for a device import).
   */
  registrationChecksPerHour: 300,
} as const;

/** Polling intervals of spec §9 (fallback while the live stream is down). */
export const POLLING = {
  threadMs: 3_000,
  conversationsMs: 30_000,
  conversationsStaleMs: 10_000,
  sentRequestsMs: 5_000,
} as const;

/** Client timings of spec §9. */
export const TIMINGS = {
  toastDurationMs: 5_000,
  copiedMs: 2_000,
  referralDelayMs: 1_000,
  referralReloadMs: 2_000,
  authDebugRedirectMs: 5_000,
  aiLookupDelayMs: 1_000,
} as const;
