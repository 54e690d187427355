import { describe, expect, it } from 'vitest';
import { can } from './index';

const ada = { id: 'ada' };
const grace = { id: 'grace' };

type Relationship = {
  consented?: boolean;
  hasConversation?: boolean;
  blockedByActor?: boolean;
  blockedByPartner?: boolean;
  deleted?: boolean;
  partnerId?: string;
};
const partner = (relation: Relationship = {}) => ({
  partnerId: 'grace',
  consented: false,
  hasConversation: false,
  blockedByActor: false,
  blockedByPartner: false,
  deleted: false,
  ...relation,
});

describe('message policies (docs/decisions/0018)', () => {
  it('message:send: only with the partner’s consent, no block either way, never oneself, never signed out', () => {
    expect(can(ada, 'message:send', partner({ consented: true }))).toBe(true);
    // An old conversation alone is no consent any more (0018 amends 0010).
    expect(can(ada, 'message:send', partner({ hasConversation: true }))).toBe(false);
    expect(can(ada, 'message:send', partner())).toBe(false);
    expect(can(ada, 'message:send', partner({ consented: true, blockedByActor: true }))).toBe(false);
    expect(can(ada, 'message:send', partner({ consented: true, blockedByPartner: true }))).toBe(false);
    expect(can(ada, 'message:send', partner({ consented: true, partnerId: 'ada' }))).toBe(false);
    // A deleted account's stand-in keeps its history but is never written to (0015).
    expect(can(ada, 'message:send', partner({ consented: true, deleted: true }))).toBe(false);
    expect(can(ada, 'message:readThread', partner({ hasConversation: true, deleted: true }))).toBe(true);
    expect(can(null, 'message:send', partner({ consented: true }))).toBe(false);
  });

  it('message:readThread: shared history or an open channel; the blocker no longer, the blocked person still', () => {
    expect(can(ada, 'message:readThread', partner({ hasConversation: true }))).toBe(true);
    expect(can(ada, 'message:readThread', partner({ consented: true }))).toBe(true);
    expect(can(ada, 'message:readThread', partner())).toBe(false);
    expect(can(ada, 'message:readThread', partner({ hasConversation: true, blockedByActor: true }))).toBe(false);
    expect(can(ada, 'message:readThread', partner({ hasConversation: true, blockedByPartner: true }))).toBe(true);
    // Without history, a block closes the (empty) thread like any stranger's.
    expect(can(ada, 'message:readThread', partner({ consented: true, blockedByPartner: true }))).toBe(false);
    expect(can(ada, 'message:readThread', partner({ hasConversation: true, partnerId: 'ada' }))).toBe(false);
    expect(can(null, 'message:readThread', partner({ hasConversation: true }))).toBe(false);
  });

  it('networkRequest:respond: only the receiver of a network_request message that carries a request, no block', () => {
    const message = {
      receiverId: 'grace',
      messageType: 'network_request',
      networkRequestId: 'nr',
      blockBetween: false,
    };
    expect(can(grace, 'networkRequest:respond', message)).toBe(true);
    expect(can(ada, 'networkRequest:respond', message)).toBe(false);
    expect(can(grace, 'networkRequest:respond', { ...message, messageType: 'user' })).toBe(false);
    expect(can(grace, 'networkRequest:respond', { ...message, networkRequestId: null })).toBe(false);
    expect(can(grace, 'networkRequest:respond', { ...message, blockBetween: true })).toBe(false);
    expect(can(null, 'networkRequest:respond', message)).toBe(false);
  });
});

describe('block policies', () => {
  it('block:create: any real other person, never oneself or a deleted account, never signed out', () => {
    expect(can(ada, 'block:create', { id: 'grace', deleted: false })).toBe(true);
    expect(can(ada, 'block:create', { id: 'ada', deleted: false })).toBe(false);
    expect(can(ada, 'block:create', { id: 'grace', deleted: true })).toBe(false);
    expect(can(null, 'block:create', { id: 'grace', deleted: false })).toBe(false);
  });

  it.each(['block:lift', 'block:list'] as const)('%s: only the blocker', (action) => {
    expect(can(ada, action, { blockerId: 'ada' })).toBe(true);
    expect(can(grace, action, { blockerId: 'ada' })).toBe(false);
    expect(can(null, action, { blockerId: 'ada' })).toBe(false);
  });
});
