import type { ComponentType } from 'react';

/**
 * What other features draw inside a thread. The Messages page passes them in
 * (app/routes/messages.tsx), because features do not import each other.
 */
export interface MessageParts {
  /** Accept or Decline, with an optional reply, under a pending request the reader owns (features/lending). */
  LendingDecision: ComponentType<{ requestId: string; requesterName: string }>;
  /**
   * "That's not right" under the notice of a loan the owner recorded, for its
   * borrower while it is on (features/lending; issue 19).
   */
  LoanDispute?: ComponentType<{ requestId: string; itemName: string; ownerName: string }>;
  /** 'Add Item to Help': the dialog that answers a network request (features/network-requests). */
  HelpDialog: ComponentType<{
    open: boolean;
    onOpenChange: (open: boolean) => void;
    messageId: string;
    requestTitle: string;
    requesterName: string;
  }>;
  /** "You may have this": the reader's matched items, each offered in one tap (features/network-requests). */
  OfferMatchedItems: ComponentType<{ messageId: string; requesterName: string; items: { id: string; name: string }[] }>;
}
