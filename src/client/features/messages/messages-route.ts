/**
 * Route state of the Messages page: `/messages?with=<partnerId>` opens the
 * thread with that person, so a conversation can be linked to (from an item
 * card, a toast, the browser test) and the phone's back button returns to
 * the list.
 */
export const MESSAGES_PATH = '/messages';
export const PARTNER_PARAM = 'with';

export const conversationHref = (partnerId: string) =>
  `${MESSAGES_PATH}?${new URLSearchParams({ [PARTNER_PARAM]: partnerId }).toString()}`;

/** Where items shared with the user are listed (a notice about a quick-add answer links there). */
export const AVAILABLE_ITEMS_PATH = '/available-items';
