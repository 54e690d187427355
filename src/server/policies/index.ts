import { AppError } from '../http/app-error';
import type { Actor } from './actor';
import { blockRules } from './block-policy';
import { calendarFeedRules } from './calendar-feed-policy';
import { contactRules } from './contact-policy';
import { feedbackRules } from './feedback-policy';
import { groupRules } from './group-policy';
import { itemRules, photoRules } from './item-policy';
import { lendingRules } from './lending-policy';
import { loanConditionRules } from './loan-condition-policy';
import { loanHistoryRules } from './loan-history-policy';
import { loanRules } from './loan-policy';
import { messageRules } from './message-policy';
export { sendRefusal, type SendRefusal } from './message-policy';
import { notificationRules } from './notification-policy';
import { passkeyRules } from './passkey-policy';
import { userRules } from './user-policy';

export { requireActor, requireSession, type Actor } from './actor';
export type { BlockTarget } from './block-policy';
export type { CalendarFeedAccess } from './calendar-feed-policy';
export type { GroupAccess } from './group-policy';
export type { ItemAccess, PhotoAccess } from './item-policy';
export { lendingRoleOf, type LendingRole } from './lending-policy';
export type { MessagingRelationship, NetworkRequestMessageAccess } from './message-policy';
export type { ProfilePhotoAccess } from './user-policy';

/**
 * The one authorization module (Outline's server/policies). Every rule is a
 * pure function of the actor and the subject; an action without a rule is
 * denied. Feature policies add their rules to this table.
 */
const rules = {
  ...userRules,
  ...contactRules,
  ...groupRules,
  ...itemRules,
  ...photoRules,
  ...lendingRules,
  ...loanRules,
  ...loanHistoryRules,
  ...loanConditionRules,
  ...messageRules,
  ...feedbackRules,
  ...blockRules,
  ...notificationRules,
  ...calendarFeedRules,
  ...passkeyRules,
} as const;

export type Action = keyof typeof rules;
type SubjectOf<A extends Action> = Parameters<(typeof rules)[A]>[1];

export function can<A extends Action>(actor: Actor | null, action: A, subject: SubjectOf<A>): boolean {
  if (!actor) return false;
  const rule = rules[action] as ((actor: Actor, subject: SubjectOf<A>) => boolean) | undefined;
  return rule ? rule(actor, subject) : false;
}

/**
 * Throws 403 when the actor may not act. Pass `hideAs404` for subjects whose
 * very existence must not leak to strangers (private groups, unshared items).
 */
export function authorize<A extends Action>(
  actor: Actor | null,
  action: A,
  subject: SubjectOf<A>,
  options: { hideAs404?: boolean } = {},
): void {
  if (can(actor, action, subject)) return;
  if (!actor) throw AppError.unauthenticated();
  throw options.hideAs404 ? AppError.notFound() : AppError.forbidden();
}

/**
 * A user id sent along with a call (spec §7 puts one in many paths, queries
 * and bodies) must name the actor (rule `user:actAs`, docs/decisions/0005):
 * otherwise 403. Absent, it says nothing and passes.
 */
export function ensureActingAs(actor: Actor, userId: string | undefined): void {
  if (userId !== undefined) authorize(actor, 'user:actAs', { id: userId });
}
