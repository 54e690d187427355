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
  /** A passkey's name on the profile ("Phone", "Work laptop"), docs/decisions/0051. */
  passkeyNameMax: 60,
  /** Passkeys one person may hold. */
  passkeysPerAccount: 10,
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
  /** Optional feedback text under the stars (the database allows the same). */
  feedbackTextMax: 2000,
  /** Profile photos are stored as a square of this many pixels (an avatar is at most ~96 CSS px, 3× density). */
  profilePhotoPx: 320,
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
  /** A "photo URL" (picture hosted elsewhere) may be this long. */
  imageUrlMax: 2048,
  /** Photos stored per item (docs/decisions/0009-items-and-photos.md). */
  photosPerItemMax: 6,
  /** Photos on one condition entry or problem report of a loan (issue 36). */
  photosPerLoanReportMax: 4,
  /** A condition note, a problem report's note, a return assessment's note and the borrower's answer (issue 36). */
  loanReportNoteMax: 500,
  /** The owner may record how an item came back, and report a problem with it, this many days after its return. */
  afterReturnDays: 14,
  /** A thanks' note (issue 36): short, a line or two. */
  thanksNoteMax: 280,
  /** A person's thanks notes shown to a reader: the newest from people the reader knows. */
  thanksNotesShown: 20,
  /** Requests to private loan links (issue 36) one address may make per hour, pages and photos together. */
  loanLinkRequestsPerHour: 300,
  /** Available Items loads this many per page as the user scrolls; a client may ask for up to the maximum. */
  itemsPageSize: 24,
  itemsPageMax: 50,
  /** One uploaded photo (spec §5: edit item upload limit 5 MB). The client resizes before sending. */
  photoUploadMaxBytes: 5 * 1024 * 1024,
  /** Refused before decoding: a pixel flood (decompression bomb) never reaches the decoder. */
  photoMaxInputPixels: 40_000_000,
  /** Stored photos fit in this square (the client already sends 1024 px). */
  photoStoredMaxPx: 1600,
  /**
   * The copy item cards show fits in this square: a card is about 380 CSS px
   * wide on a phone, 665–760 device px (docs/decisions/0009, amendment).
   */
  photoCardMaxPx: 800,
  /** Photos uploaded but not yet saved with an item, per user and day: caps storage abuse. */
  photoUploadsPerDay: 100,
  /** Photo analyses ("create an item from a photo") per account and hour: each costs CPU or a paid API call. */
  photoAnalysesPerHour: 30,
  /**
   * A network request reaches everyone in the requester's network at once;
   * this caps how often one account can do that (docs/decisions/0010).
   */
  networkRequestsPerHour: 10,
  /** Messages one account may send per minute: far above typing speed, far below a spam script. */
  messagesPerMinute: 60,
  /** A borrow request starts at most this many days after today (spec §5 sets no bound; 0010). */
  borrowStartMaxDays: 365,
  /** A loan lasts at most this many days from its start to its return date. */
  loanMaxDays: 365,
  /**
   * A loan history list (per item, per contact) holds the newest this many
   * loans; the counts beside it still count every loan (docs/decisions/0028).
   */
  loanHistoryMax: 100,
} as const;

/** Polling intervals of spec §9 (fallback while the live stream is down). */
export const POLLING = {
  threadMs: 3_000,
  conversationsMs: 30_000,
  conversationsStaleMs: 10_000,
  sentRequestsMs: 5_000,
} as const;

/**
 * A tab showing a thread tells the server so every this often
 * (docs/decisions/0045); the server counts it as reading for
 * READER_TTL_SECONDS after each beat (src/server/messages/conversation-readers.ts).
 */
export const READING = {
  heartbeatMs: 25_000,
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
