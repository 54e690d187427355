import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PageFrame } from '../../components/layouts/page-frame';
import { ConversationBlockMenu } from '../../features/blocks/components/conversation-block-menu';
import { DisputeLoanAction } from '../../features/lending/components/dispute-loan-action';
import { LendingDecision } from '../../features/lending/components/lending-decision';
import type { MessageParts } from '../../features/messages/components/message-parts';
import { MessagesView } from '../../features/messages/components/messages-view';
import { MESSAGES_PATH } from '../../features/messages/messages-route';
import { OfferMatchedItems } from '../../features/network-requests/components/offer-matched-items';
import { QuickAddDialog } from '../../features/network-requests/components/quick-add-dialog';

/** A request message's actions come from the lending and network-request features, as does "That's not right" under a recorded loan. */
const MESSAGE_PARTS: MessageParts = {
  LendingDecision,
  HelpDialog: QuickAddDialog,
  OfferMatchedItems,
  LoanDispute: DisputeLoanAction,
};

/**
 * Spec §2 Messages: conversations and the open thread (`/messages?with=<partnerId>`).
 * The thread header offers blocking (docs/decisions/0018); a block hides the
 * conversation, so the page then returns to the list. Request messages get
 * their Accept/Decline and 'Add Item to Help' from the features that own them.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <PageFrame
      title={t('pages.messages.title')}
      subtitle={t('pages.messages.subtitle')}
      className="flex h-page-room flex-col"
    >
      <MessagesView
        messageParts={MESSAGE_PARTS}
        threadActions={(partner) => (
          <ConversationBlockMenu
            person={{ userId: partner.id, name: partner.name }}
            onBlocked={() => navigate(MESSAGES_PATH)}
          />
        )}
      />
    </PageFrame>
  );
}
