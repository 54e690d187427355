import type { Actor } from './actor';

/**
 * The feedback banner and beta feedback (spec §2 Layout, §3 Feedback): each
 * person reads and dismisses their own banner and sends feedback as
 * themselves. Nobody reads anyone's feedback through the API.
 */
export const feedbackRules = {
  'banner:read': (actor: Actor, owner: { id: string }) => actor.id === owner.id,
  'banner:dismiss': (actor: Actor, owner: { id: string }) => actor.id === owner.id,
  'feedback:create': (actor: Actor, author: { id: string }) => actor.id === author.id,
};
