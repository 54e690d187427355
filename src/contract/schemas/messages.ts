import { z } from 'zod';
import { ITEM_CATEGORIES, LENDING_REQUEST_STATUSES, MESSAGE_TYPES, URGENCIES } from '../enums';
import { LIMITS } from '../limits';
import { hasNoControlCharacters } from './text';

/** GET /api/messages/unread-count */
export const unreadCountSchema = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * What a system message reports. The server stores the English sentence in
 * `content` (for exports and old clients) and this key beside it, so every
 * reader sees it in their own language (spec §2 Messages: system messages
 * translated), without matching English wording (docs/decisions/0010).
 */
export const SYSTEM_EVENTS = [
  'request_created',
  'request_accepted',
  'request_declined',
  'request_withdrawn',
  'item_borrowed',
  'item_returned',
  'network_request',
  'network_item_added',
  /** The owner deleted an item while a request for it was open; the request went with it. */
  'item_deleted',
  /** Account deletion (docs/decisions/0015): the requester's account is gone; their pending or accepted request ended. */
  'requester_account_deleted',
  /** The borrower's account is gone while the item is out; the owner marks it returned when it comes back. */
  'borrower_account_deleted',
  /** The owner's account is gone, and their items with it; the request (or loan) ended. */
  'owner_account_deleted',
  /** The borrower asked to keep the item until a later date (issue 18), and the owner's answer. */
  'extension_requested',
  'extension_accepted',
  'extension_declined',
  /** The owner recorded a loan that happened outside the app, and the borrower's "that's not right" (issue 19). */
  'loan_recorded',
  'loan_disputed',
  /** A reservation not handed over within the pick-up grace after its start was released (issue 35). */
  'reservation_released',
  /** "Something's wrong" with a loan, and the owner marking it settled; the owner's word on how it came back (issue 36). */
  'loan_problem_reported',
  'loan_problem_settled',
  'loan_return_assessed',
  /** A thanks after a return (issue 36). */
  'loan_thanked',
] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];

/** Spec §5 Messages: 1–500 characters, not blank. */
export const messageContentSchema = z
  .string({ message: 'validation.messageRequired' })
  .trim()
  .min(1, { message: 'validation.messageRequired' })
  .max(LIMITS.messageMax, { message: 'validation.messageTooLong' })
  .refine(hasNoControlCharacters, { message: 'validation.invalidCharacters' });

/** POST /api/messages: `senderId`, when sent, must be the signed-in user. */
export const sendMessageSchema = z.object({
  senderId: z.uuid().optional(),
  receiverId: z.uuid(),
  content: messageContentSchema,
  messageType: z.literal('user').default('user'),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** `userId` must be the signed-in user (spec §7 paths carry it). */
export const conversationsParamsSchema = z.object({ userId: z.uuid() });
export const threadParamsSchema = z.object({ userId: z.uuid(), partnerId: z.uuid() });

/** PUT and DELETE /api/conversations/{userId}/readers/{readerId}: one browser tab's own random id. */
export const readerParamsSchema = z.object({ userId: z.uuid(), readerId: z.uuid() });
/** PUT /api/conversations/{userId}/readers/{readerId}: whose thread that tab shows on screen now. */
export const readingSchema = z.object({ partnerId: z.uuid() });
export type Reading = z.infer<typeof readingSchema>;

/** Spec §3 Conversation summary. */
export const conversationSummarySchema = z.object({
  partnerId: z.string(),
  partnerName: z.string(),
  lastMessage: z.string(),
  lastMessageType: z.enum(MESSAGE_TYPES),
  lastSystemEvent: z.enum(SYSTEM_EVENTS).nullable(),
  lastMessageAt: z.string(),
  /** The partner deleted their account: clients show a translated "Deleted account", not the stored name. */
  partnerDeleted: z.boolean(),
  unreadCount: z.number().int().nonnegative(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationListSchema = z.array(conversationSummarySchema);

/** Spec §3 Message, with the request it is about (its current status) when it has one. */
export const messageSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  systemEvent: z.enum(SYSTEM_EVENTS).nullable(),
  /** The item a system message names, for when its request is gone (docs/decisions/0015). */
  systemItemName: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** `deleted`: the sender's account is gone; show "Deleted account". */
  sender: z.object({ name: z.string(), deleted: z.boolean() }),
  lendingRequest: z
    .object({
      id: z.string(),
      /** Null once the item is deleted: a loan outlives it (docs/decisions/0028) and `itemName` keeps its name. */
      itemId: z.string().nullable(),
      itemName: z.string(),
      ownerId: z.string(),
      requesterId: z.string(),
      status: z.enum(LENDING_REQUEST_STATUSES),
      requestedFrom: z.string().nullable(),
      expectedReturnDate: z.string().nullable(),
    })
    .nullable(),
  networkRequest: z
    .object({
      id: z.string(),
      requesterId: z.string(),
      title: z.string(),
      description: z.string().nullable(),
      category: z.enum(ITEM_CATEGORIES).nullable(),
      urgency: z.enum(URGENCIES),
      /** Whether the reader already answered it. */
      answered: z.boolean(),
      /**
       * "You may have this" (docs/decisions/0028): the reader's own items the
       * request matched, only for the person it reached; empty otherwise.
       */
      matchedItems: z.array(z.object({ id: z.string(), name: z.string() })),
    })
    .nullable(),
});
export type Message = z.infer<typeof messageSchema>;
export const threadSchema = z.object({
  /** `deleted`: the partner's account is gone; the thread is read-only. */
  partner: z.object({ id: z.string(), name: z.string(), deleted: z.boolean() }),
  messages: z.array(messageSchema),
});
export type Thread = z.infer<typeof threadSchema>;
