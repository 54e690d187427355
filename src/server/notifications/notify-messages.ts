import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../contract/enums';
import type { SystemEvent } from '../../contract/schemas/messages';
import { blockBetween } from '../blocks/block-sql';
import type { DbOrTx } from '../db/client';
import { items, lendingRequests, messages, networkRequestMatches, networkRequests, users } from '../db/schema';
import { deliveryFactsColumns, toDeliveryFacts, type DeliveryFacts, type DeliveryFactsColumns } from './delivery-facts';
import { recordNotifications, type NotificationInput } from './record-notifications';

/**
 * Which kind of notification a system message is (docs/decisions/0024). The
 * messages that end something because an account is gone notify nobody: the
 * conversation shows them, and there is no one left to answer.
 */
const KIND_OF_SYSTEM_EVENT: Record<SystemEvent, NotificationKind | null> = {
  request_created: 'borrow_request',
  request_withdrawn: 'borrow_request',
  extension_requested: 'borrow_request',
  request_accepted: 'request_answered',
  request_declined: 'request_answered',
  item_deleted: 'request_answered',
  extension_accepted: 'request_answered',
  extension_declined: 'request_answered',
  item_borrowed: 'handover',
  item_returned: 'handover',
  // A loan recorded after the fact tells the borrower they have the item; their "that's not right" tells the owner.
  loan_recorded: 'handover',
  loan_disputed: 'handover',
  network_request: 'network_request',
  network_item_added: 'network_request',
  requester_account_deleted: null,
  borrower_account_deleted: null,
  owner_account_deleted: null,
};

/** The notification a message makes: a system message by its event, a chat message as `message`. */
export function notificationKindOf(messageType: string, systemEvent: SystemEvent | null): NotificationKind | null {
  if (systemEvent) return KIND_OF_SYSTEM_EVENT[systemEvent];
  return messageType === 'user' || messageType === 'text' ? 'message' : null;
}

type MessageFacts = DeliveryFactsColumns & {
  id: string;
  sender_id: string;
  receiver_id: string;
  message_type: string;
  system_event: SystemEvent | null;
  sender_name: string;
  item_name: string | null;
  network_title: string | null;
  matched_item_name: string | null;
};

/**
 * The notifications of messages just written, inside the transaction that
 * wrote them (so the message, its notification and its push job commit
 * together). One statement reads what the texts need and drops receivers who
 * must hear nothing: a deleted account, or someone with a block between them
 * and the sender (ADR 0018), with the receivers' delivery facts; then
 * `recordNotifications` (one or two statements), whatever the number of messages.
 */
export async function notifyAboutMessages(tx: DbOrTx, messageIds: readonly string[]): Promise<void> {
  const [onlyId] = messageIds;
  if (onlyId === undefined) return;
  // One message (a system message of a loan or a block, an item's deletion) is matched as `= $1`,
  // not `= ANY($1)`: PostgreSQL estimates an array of unknown length at ten
  // rows in the generic plan but at its true length in a custom plan, finds
  // the custom plan cheaper and so plans this statement anew on every call,
  // 1.6–1.7 ms of planning for 0.1 ms of work (docs/performance.md, round 3).
  const matchesIds =
    messageIds.length === 1 ? sql`m.id = ${onlyId}::uuid` : sql`m.id = ANY(${sql.param([...messageIds])}::uuid[])`;
  const { rows } = await tx.execute<MessageFacts>(sql`
    SELECT m.id, m.sender_id, m.receiver_id, m.message_type, m.system_event,
           sender.name AS sender_name,
           coalesce(m.system_item_name, i.name) AS item_name,
           nr.title AS network_title,
           -- "You may have this" (ADR 0028): one of the receiver's own items the request matched.
           (SELECT mi.name FROM ${networkRequestMatches} nrm JOIN ${items} mi ON mi.id = nrm.item_id
             WHERE m.system_event = 'network_request'
               AND nrm.network_request_id = m.network_request_id AND nrm.owner_id = m.receiver_id
             ORDER BY mi.name, mi.id LIMIT 1) AS matched_item_name,
           ${deliveryFactsColumns(sql`m.receiver_id`)}
      FROM ${messages} m
      JOIN ${users} receiver ON receiver.id = m.receiver_id AND receiver.deleted_at IS NULL
      JOIN ${users} sender ON sender.id = m.sender_id
      LEFT JOIN ${lendingRequests} lr ON lr.id = m.lending_request_id
      LEFT JOIN ${items} i ON i.id = lr.item_id
      LEFT JOIN ${networkRequests} nr ON nr.id = m.network_request_id
     WHERE ${matchesIds}
       AND NOT ${blockBetween(sql`m.sender_id`, sql`m.receiver_id`)}`);
  const inputs: NotificationInput[] = [];
  const facts = new Map<string, DeliveryFacts>();
  for (const row of rows) {
    facts.set(row.receiver_id, toDeliveryFacts(row));
    const kind = notificationKindOf(row.message_type, row.system_event);
    if (!kind) continue;
    inputs.push({
      userId: row.receiver_id,
      kind,
      event: row.system_event ?? 'message',
      // The link opens the conversation with the sender: every lending step and "looking for" lives there.
      payload: {
        partnerId: row.sender_id,
        senderName: row.sender_name,
        itemName: row.item_name ?? row.network_title,
        // A matched recipient reads `network_request.match`: "you may have this: <their item>".
        ...(row.matched_item_name === null ? {} : { role: 'match', matchedItemName: row.matched_item_name }),
      },
      messageId: row.id,
    });
  }
  await recordNotifications(tx, inputs, new Date(), facts);
}
