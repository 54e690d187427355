import type { Actor } from './actor';

/**
 * Notifications (docs/decisions/0024-notifications-and-push.md): a person
 * reads and changes only their own preferences and push subscriptions. The
 * subjects are the rows' owners, so a route can never reach another person's
 * by passing an id or an endpoint.
 */
export const notificationRules = {
  'notificationPreferences:manage': (actor: Actor, owner: { userId: string }) => actor.id === owner.userId,
  'pushSubscription:manage': (actor: Actor, subscription: { userId: string }) => actor.id === subscription.userId,
};
