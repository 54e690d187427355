import { describe, expect, it } from 'vitest';
import { can } from './index';

const ada = { id: 'ada' };
const grace = { id: 'grace' };

describe('message policies', () => {
  const partner = (inNetwork: boolean, hasConversation: boolean, partnerId = 'grace') => ({
    partnerId,
    inNetwork,
    hasConversation,
  });

  it.each(['message:send', 'message:readThread'] as const)(
    '%s: someone in the network or an existing conversation, never oneself, never signed out',
    (action) => {
      expect(can(ada, action, partner(true, false))).toBe(true);
      expect(can(ada, action, partner(false, true))).toBe(true);
      expect(can(ada, action, partner(false, false))).toBe(false);
      expect(can(ada, action, partner(true, true, 'ada'))).toBe(false);
      expect(can(null, action, partner(true, true))).toBe(false);
    },
  );

  it('networkRequest:respond: only the receiver of a network_request message that carries a request', () => {
    const message = { receiverId: 'grace', messageType: 'network_request', networkRequestId: 'nr' };
    expect(can(grace, 'networkRequest:respond', message)).toBe(true);
    expect(can(ada, 'networkRequest:respond', message)).toBe(false);
    expect(can(grace, 'networkRequest:respond', { ...message, messageType: 'user' })).toBe(false);
    expect(can(grace, 'networkRequest:respond', { ...message, networkRequestId: null })).toBe(false);
    expect(can(null, 'networkRequest:respond', message)).toBe(false);
  });
});
