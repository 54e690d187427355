import type { LiveEventType } from './schemas/live-events';

/** Enumerations of spec §3: one list each, used by the database checks, the zod schemas and the UI. */
export const LANGUAGES = ['en', 'de', 'fr', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Spec §1 names German as the interface fallback (docs/decisions/0004-fallback-language.md). */
export const FALLBACK_LANGUAGE: Language = 'de';
/** Invitation messages fall back to English (spec §1). */
export const INVITATION_FALLBACK_LANGUAGE: Language = 'en';

export const ITEM_CATEGORIES = [
  'electronics',
  'tools',
  'books',
  'sports',
  'kitchen',
  'furniture',
  'clothing',
  'toys',
  'outdoor',
  'other',
] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

export const ITEM_STATUSES = ['available', 'in_use', 'borrowed'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const LENDING_REQUEST_STATUSES = [
  'pending',
  'accepted',
  'declined',
  'borrowed',
  'returned',
  'withdrawn',
  /** A loan the owner recorded that the borrower flagged as "that's not right" (issue 19): it ended. */
  'disputed',
  /** A reservation not handed over within the pick-up grace after its start (issue 35): its days are free again. */
  'released',
] as const;
export type LendingRequestStatus = (typeof LENDING_REQUEST_STATUSES)[number];
/** A request that still binds the item or the requester (spec §2: blocks a new request). */
export const ACTIVE_REQUEST_STATUSES = [
  'pending',
  'accepted',
  'borrowed',
] as const satisfies readonly LendingRequestStatus[];

/**
 * How a loan came to be (issue 19): asked for in the app (`request`), or
 * recorded by the owner after it happened outside the app (`recorded`).
 */
export const LOAN_ORIGINS = ['request', 'recorded'] as const;
export type LoanOrigin = (typeof LOAN_ORIGINS)[number];

export const URGENCIES = ['low', 'normal', 'high'] as const;
export type Urgency = (typeof URGENCIES)[number];

export const CONTACT_STATUSES = ['pending', 'invited', 'active'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const INVITATION_METHODS = ['whatsapp', 'email', 'link'] as const;
export type InvitationMethod = (typeof INVITATION_METHODS)[number];

export const MESSAGE_TYPES = ['user', 'text', 'system', 'request_notification', 'network_request'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const GROUP_ROLES = ['admin', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

export const NETWORK_RESPONSES = ['add_to_items', 'have_it', 'decline'] as const;
export type NetworkResponse = (typeof NETWORK_RESPONSES)[number];

/**
 * The SSE event names of GET /api/events, one per live event type (the client
 * listens to these only; a test checks none is missing). The events' shapes
 * are in schemas/live-events.ts; the list lives here, free of zod, because the
 * signed-in layout needs it on every page (docs/decisions/0012).
 */
export const LIVE_EVENT_TYPES = [
  'message',
  'request_changed',
  'items_changed',
  'unread_count',
] as const satisfies readonly LiveEventType[];

/**
 * What a notification is about (issue 18): each kind has its own channel
 * choice in the preferences. `reminder` covers "due tomorrow" and "overdue".
 */
export const NOTIFICATION_KINDS = [
  'borrow_request',
  'request_answered',
  'handover',
  'message',
  'network_request',
  'join_request',
  'reminder',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Where a notification goes when the app is closed; a kind with neither is "none". */
export const NOTIFICATION_CHANNELS = ['push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A borrower's request to keep an item longer (issue 18): the owner accepts or declines. */
export const EXTENSION_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type ExtensionStatus = (typeof EXTENSION_STATUSES)[number];
/**
 * Reminders of a loan's due date: the day before, then on the day after and weekly (at most 3 overdue notices);
 * and of a reservation's hand-over, on its first day (issue 35).
 */
export const LOAN_REMINDER_KINDS = ['due_soon', 'overdue', 'handover'] as const;
export type LoanReminderKind = (typeof LOAN_REMINDER_KINDS)[number];

/** How a sign-in happened, as login history records it: an external issuer or the built-in provider. */
export const LOGIN_METHODS = ['oidc', 'builtin-oidc'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

/** The language cookie the client caches and the server-rendered sign-in page reads (spec §1). */
export const LANGUAGE_COOKIE = 'i18next';

/** Why an item's days are held (docs/decisions/0047): a request accepted or handed out, or the owner's own use. */
export const ITEM_HOLD_KINDS = ['loan', 'personal'] as const;
export type ItemHoldKind = (typeof ITEM_HOLD_KINDS)[number];

/**
 * What a person writes down about a loan (issue 36, docs/decisions/0048): the item's condition at
 * hand-out and at return (one entry per person and stage), or a problem during or after the loan.
 */
export const LOAN_REPORT_KINDS = ['handover', 'return', 'problem'] as const;
export type LoanReportKind = (typeof LOAN_REPORT_KINDS)[number];
/** The two stages whose condition both people may record. */
export const CONDITION_STAGES = ['handover', 'return'] as const;
export type ConditionStage = (typeof CONDITION_STAGES)[number];
/** How the item came back, in the owner's words (issue 36). */
export const RETURN_OUTCOMES = ['fine', 'wear', 'damaged', 'incomplete'] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];
/** "Something's wrong" (issue 36): what kind of problem. */
export const LOAN_PROBLEM_KINDS = ['broke', 'part_missing', 'not_working', 'other'] as const;
export type LoanProblemKind = (typeof LOAN_PROBLEM_KINDS)[number];
/** What a person was thanked for (issue 36): lending the item, or borrowing it and bringing it back. */
export const THANKED_FOR = ['lending', 'borrowing'] as const;
export type ThankedFor = (typeof THANKED_FOR)[number];
