import type { Actor } from './actor';

/** The person someone wants to block, as loaded by src/server/blocks/block-user.ts. */
export interface BlockTarget {
  id: string;
  /** A deleted account's stand-in (docs/decisions/0015): nobody to block. */
  deleted: boolean;
}

/**
 * Blocking (docs/decisions/0018-messaging-consent-and-blocking.md). Anyone
 * may block any real other person, related or not: a block only takes
 * something away, and a stranger is exactly whom people block. Only the
 * blocker sees and lifts their blocks.
 */
export const blockRules = {
  'block:create': (actor: Actor, target: BlockTarget) => actor.id !== target.id && !target.deleted,
  'block:lift': (actor: Actor, block: { blockerId: string }) => actor.id === block.blockerId,
  'block:list': (actor: Actor, owner: { blockerId: string }) => actor.id === owner.blockerId,
};
