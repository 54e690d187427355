/**
 * Every operation of the JSON API with its stable `operationId`, a one-line
 * summary and its tag (issue 32, finding 8): what client generators name
 * their functions after and what the reference shows. Keyed as the document
 * names an operation, "METHOD /api/path/{param}".
 *
 * A route registered without an entry here fails api-reference.test.ts, as
 * does an entry without a route. An `operationId` is part of the API: keep
 * it when a route's code moves, change it only with the path.
 */
export interface OperationDocs {
  operationId: string;
  summary: string;
  tag: Tag;
}

export const TAGS = {
  Account: 'Sign-in, the signed-in person, their profile, data export and deletion.',
  Contacts: 'The address book, invitations and invitation links.',
  Groups: 'Groups, join codes, join requests and members.',
  Items: 'Items, who may see them, and creating them from a photo or a barcode.',
  Photos: 'Item photos: upload and read.',
  Lending: 'Borrow requests, hand-over, return, extensions and recorded loans.',
  Messages: 'Conversations, messages and asking one’s network for an item.',
  Blocks: 'Blocking people.',
  Notifications: 'Notification preferences, Web Push and the live event stream.',
  About: 'The API reference, the operator’s details, and the feedback banner.',
} as const;
export type Tag = keyof typeof TAGS;

const op = (tag: Tag, operationId: string, summary: string): OperationDocs => ({ operationId, summary, tag });

export const OPERATIONS: Record<string, OperationDocs> = {
  // About
  'GET /api/openapi.json': op('About', 'getApiReference', 'This API reference as an OpenAPI 3.1 document'),
  'GET /api/legal/operator': op('About', 'getOperator', 'Who runs this instance (for the privacy policy)'),
  'GET /api/banner/should-show': op('About', 'getBannerState', 'Whether the feedback banner shows for me'),
  'POST /api/banner/dismiss': op('About', 'dismissBanner', 'Hide the feedback banner for me'),
  'POST /api/feedback': op('About', 'sendFeedback', 'Send feedback to the operator'),

  // Account
  'GET /api/login': op('Account', 'startSignIn', 'Start signing in: redirects to the OpenID provider'),
  'GET /api/callback': op('Account', 'finishSignIn', 'Finish signing in: the OpenID provider redirects here'),
  'GET /api/logout': op('Account', 'signOut', 'Sign out and end the session'),
  // The built-in provider's passkey accounts (docs/decisions/0051).
  'POST /api/idp/email-confirmations': op(
    'Account',
    'confirmAccountEmail',
    'Confirm a built-in account’s email address',
  ),
  'POST /api/idp/passkey-registrations/options': op(
    'Account',
    'startPasskeyRegistration',
    'Options for registering a passkey with a one-time ticket',
  ),
  'POST /api/idp/passkey-registrations': op('Account', 'registerPasskey', 'Register a passkey with a one-time ticket'),
  'POST /api/idp/recoveries': op('Account', 'requestAccountRecovery', 'Mail a link for adding a new passkey'),
  'POST /api/idp/recoveries/redeem': op('Account', 'redeemAccountRecovery', 'Use a recovery link: a one-time ticket'),
  'GET /api/passkeys': op('Account', 'listOwnPasskeys', 'My passkeys (built-in sign-in)'),
  'POST /api/passkeys/options': op('Account', 'startOwnPasskeyRegistration', 'Options for adding a passkey of mine'),
  'POST /api/passkeys': op('Account', 'addOwnPasskey', 'Add a passkey of mine'),
  'DELETE /api/passkeys/{id}': op('Account', 'removeOwnPasskey', 'Remove a passkey of mine (not the last one)'),
  'GET /api/auth/user': op('Account', 'getSignedInUser', 'The signed-in person'),
  'GET /api/user/current': op('Account', 'getCurrentUser', 'The signed-in person (alias of getSignedInUser)'),
  'GET /api/user/login-history': op('Account', 'listLoginHistory', 'My recent sign-ins'),
  'PUT /api/users/profile': op('Account', 'updateProfile', 'Change my name, username, contact details or language'),
  'PUT /api/users/profile/photo': op('Account', 'setProfilePhoto', 'Upload my profile photo'),
  'DELETE /api/users/profile/photo': op('Account', 'removeProfilePhoto', 'Remove my profile photo'),
  'GET /api/users/{userId}/photo': op('Account', 'getProfilePhoto', 'A person’s profile photo, if I may see it'),
  'GET /api/users/registered': op(
    'Account',
    'checkRegistration',
    'Whether a phone number, email or username belongs to an account',
  ),
  'POST /api/gdpr/export/{userId}': op('Account', 'exportAccount', 'Download everything stored about me'),
  'DELETE /api/gdpr/delete-account/{userId}': op('Account', 'deleteAccount', 'Delete my account and my data'),
  'GET /api/user/loan-counts': op('Account', 'getLoanCounts', 'How many things I lend and borrow right now'),
  'GET /api/geocode/reverse': op('Account', 'reverseGeocode', 'The place name of a position, for a group’s location'),

  // Contacts
  'GET /api/contacts': op('Contacts', 'listContacts', 'My contacts'),
  'POST /api/contacts': op('Contacts', 'addContact', 'Add a contact by username, phone or email'),
  'PUT /api/contacts/{id}': op('Contacts', 'updateContact', 'Change a contact’s name, details or notes'),
  'DELETE /api/contacts/{userId}/{contactId}': op('Contacts', 'deleteContact', 'Remove a contact'),
  'GET /api/contacts/invitation/{contactId}': op(
    'Contacts',
    'getInvitation',
    'The invitation link and text for a contact',
  ),
  'POST /api/contacts/invite': op('Contacts', 'recordInvitation', 'Note that an invitation went out, and how'),
  'GET /api/contacts/{id}/loans': op('Contacts', 'listContactLoans', 'What I lent to and borrowed from a contact'),
  'GET /api/referral/preview': op('Contacts', 'previewInvitation', 'Who invited me, from an invitation link'),
  'POST /api/referral/process': op('Contacts', 'acceptInvitation', 'Accept an invitation link after signing up'),

  // Groups
  'POST /api/groups': op('Groups', 'createGroup', 'Create a group, with me as its admin'),
  'GET /api/groups/user/{userId}': op('Groups', 'listMyGroups', 'The groups I belong to'),
  'GET /api/groups/discover': op('Groups', 'discoverGroups', 'Public groups, nearest first when a position is given'),
  'GET /api/groups/search': op('Groups', 'searchGroups', 'Search public groups by name'),
  'GET /api/groups/code/{code}': op('Groups', 'findGroupByCode', 'The group a join code belongs to'),
  'GET /api/groups/{id}': op('Groups', 'getGroup', 'A group with its members'),
  'PUT /api/groups/{id}': op('Groups', 'updateGroup', 'Change a group (admin)'),
  'DELETE /api/groups/{id}': op('Groups', 'deleteGroup', 'Delete a group (admin)'),
  'POST /api/groups/{id}/join-requests': op('Groups', 'requestToJoinGroup', 'Ask to join a group'),
  'GET /api/groups/{id}/join-requests': op('Groups', 'listJoinRequests', 'Pending requests to join a group (admin)'),
  'PUT /api/groups/join-requests/{requestId}/approve': op('Groups', 'approveJoinRequest', 'Let someone join (admin)'),
  'PUT /api/groups/join-requests/{requestId}/deny': op(
    'Groups',
    'denyJoinRequest',
    'Turn down a request to join (admin)',
  ),
  'DELETE /api/groups/{id}/members/{userId}': op(
    'Groups',
    'removeGroupMember',
    'Leave a group, or remove a member (admin)',
  ),
  'PUT /api/groups/{id}/transfer-admin': op('Groups', 'transferGroupAdmin', 'Hand a group’s admin role to a member'),

  // Items
  'GET /api/items/my': op('Items', 'listMyItems', 'My items'),
  'GET /api/items/available': op('Items', 'listAvailableItems', 'Items shared with me, searchable, a page at a time'),
  'POST /api/items': op('Items', 'createItem', 'Add an item'),
  'GET /api/items/{id}': op('Items', 'getItem', 'An item I own or that is shared with me'),
  'PUT /api/items/{id}': op('Items', 'updateItem', 'Change my item'),
  'DELETE /api/items/{id}': op('Items', 'deleteItem', 'Delete my item'),
  'GET /api/items/{id}/permissions': op('Items', 'listItemContactShares', 'The contacts my item is shared with'),
  'GET /api/items/{id}/group-permissions': op('Items', 'listItemGroupShares', 'The groups my item is shared with'),
  'POST /api/permissions': op('Items', 'shareItemWithContact', 'Share my item with a contact'),
  'DELETE /api/permissions/{itemId}/{contactUserId}': op(
    'Items',
    'unshareItemWithContact',
    'Stop sharing my item with a contact',
  ),
  'POST /api/group-permissions': op('Items', 'shareItemWithGroup', 'Share my item with a group'),
  'DELETE /api/group-permissions/{itemId}/{groupId}': op(
    'Items',
    'unshareItemWithGroup',
    'Stop sharing my item with a group',
  ),
  'POST /api/items/analyze-and-create': op(
    'Items',
    'createItemFromPhoto',
    'Create an item from a photo, named by its analysis',
  ),
  'POST /api/items/from-barcode': op('Items', 'createItemFromBarcode', 'Create an item from a scanned barcode or ISBN'),

  // Photos
  'POST /api/photos': op('Photos', 'uploadPhoto', 'Upload an item photo'),
  'GET /api/photos/{id}': op('Photos', 'getPhoto', 'An item photo I may see'),

  // Lending
  'POST /api/lending-requests': op('Lending', 'requestToBorrow', 'Ask to borrow an item'),
  'GET /api/lending-requests/sent': op('Lending', 'listSentRequests', 'My requests to borrow'),
  'GET /api/lending-requests/received': op('Lending', 'listReceivedRequests', 'Requests to borrow my items'),
  'PUT /api/lending-requests/{id}': op('Lending', 'answerRequest', 'Accept, decline, hand over or take back (owner)'),
  'DELETE /api/lending-requests/{id}': op('Lending', 'withdrawRequest', 'Withdraw my request to borrow'),
  'PUT /api/items/{id}/return': op('Lending', 'markReturned', 'Mark my lent item as returned'),
  'GET /api/lending-requests/extensions': op(
    'Lending',
    'listExtensionRequests',
    'Requests for more time, sent and received',
  ),
  'POST /api/lending-requests/{id}/extension': op('Lending', 'requestExtension', 'Ask the owner for more time'),
  'POST /api/lending-requests/{id}/extension/{answer}': op(
    'Lending',
    'answerExtension',
    'Grant or decline more time (owner)',
  ),
  'GET /api/items/{id}/loans': op('Lending', 'listItemLoans', 'The loan history of my item'),
  'POST /api/items/{id}/loans': op('Lending', 'recordLoan', 'Record a loan made outside the app'),
  'GET /api/items/{id}/availability': op('Lending', 'getItemAvailability', 'When an item is free: its busy days'),
  'GET /api/items/{id}/waitlist': op(
    'Lending',
    'getItemWaitlist',
    'My place on an item’s waiting list; for its owner, who waits',
  ),
  'PUT /api/items/{id}/waitlist': op('Lending', 'joinItemWaitlist', 'Tell me when an item is free'),
  'DELETE /api/items/{id}/waitlist': op('Lending', 'leaveItemWaitlist', 'Leave an item’s waiting list'),
  'PUT /api/contacts/{id}/auto-accept': op(
    'Lending',
    'setContactAutoAccept',
    'Accept a contact’s requests for free days without asking',
  ),
  'PUT /api/groups/{id}/auto-accept': op(
    'Lending',
    'setGroupAutoAccept',
    'Accept a group’s members’ requests for free days without asking',
  ),
  'POST /api/lending-requests/{id}/keep': op(
    'Lending',
    'keepReservation',
    'Keep a reservation that was not picked up yet',
  ),
  'GET /api/lending-requests/{id}/condition': op(
    'Lending',
    'getLoanCondition',
    'A loan’s condition at hand-out and return, how it came back, and its problems',
  ),
  'PUT /api/lending-requests/{id}/condition/{stage}': op(
    'Lending',
    'saveConditionEntry',
    'My photos and note of the item’s condition at hand-out or return',
  ),
  'PUT /api/lending-requests/{id}/return-assessment': op(
    'Lending',
    'assessReturn',
    'Say how a lent item came back (owner)',
  ),
  'PUT /api/lending-requests/{id}/return-assessment/answer': op(
    'Lending',
    'answerReturnAssessment',
    'Answer the owner’s word on how the item came back (borrower, once)',
  ),
  'POST /api/lending-requests/{id}/problems': op('Lending', 'reportLoanProblem', 'Report that something is wrong'),
  'POST /api/lending-requests/{id}/problems/{problemId}/settle': op(
    'Lending',
    'settleLoanProblem',
    'Mark a reported problem settled (owner)',
  ),
  'POST /api/lending-requests/{id}/thanks': op(
    'Lending',
    'thankForLoan',
    'Thank the other person after a return, once',
  ),
  'GET /api/users/{userId}/thanks': op(
    'Lending',
    'getPersonThanks',
    'What a person was thanked for (their contacts and themselves only)',
  ),
  'GET /api/thanks/received': op('Lending', 'listReceivedThanks', 'Every thanks I received, hidden ones too'),
  'PUT /api/thanks/{id}/hidden': op('Lending', 'hideThanks', 'Hide a thanks I received from others, or show it again'),
  'POST /api/lending-requests/{id}/borrower-link': op(
    'Lending',
    'makeLoanLink',
    'A new private link for a borrower without an account (the old one stops working)',
  ),
  'GET /api/lending-requests/{id}/borrower-link': op(
    'Lending',
    'getLoanLink',
    'Whether the borrower link works, and what the borrower said through it',
  ),
  'DELETE /api/lending-requests/{id}/borrower-link': op('Lending', 'revokeLoanLink', 'Turn the borrower link off'),
  'POST /api/lending-requests/{id}/borrower-link/extension/{answer}': op(
    'Lending',
    'answerLoanLinkExtension',
    'Accept or decline more time asked for through the borrower link',
  ),
  'GET /api/loan-links/{token}': op('Lending', 'readLinkedLoan', 'The loan a private link opens (no sign-in)'),
  'GET /api/loan-links/{token}/photos/{photoId}': op('Lending', 'readLinkedLoanPhoto', 'A photo of that loan'),
  'POST /api/loan-links/{token}/have-it': op('Lending', 'confirmLinkedHandover', '“I have it”'),
  'POST /api/loan-links/{token}/brought-back': op('Lending', 'reportLinkedReturn', '“I brought it back”'),
  'POST /api/loan-links/{token}/extension': op('Lending', 'askLinkedExtension', '“Ask for more time”'),
  'POST /api/loan-links/{token}/join': op(
    'Lending',
    'joinThroughLoanLink',
    'Join Lendloop from the link: the invitation that links the loan',
  ),
  'POST /api/lending-requests/{id}/dispute': op(
    'Lending',
    'disputeRecordedLoan',
    'End a loan recorded in my name that is not right',
  ),
  'GET /api/calendar-feed': op('Lending', 'getCalendarFeed', 'The link of my private calendar feed, if I have one'),
  'POST /api/calendar-feed': op(
    'Lending',
    'makeCalendarFeedLink',
    'Make a new link for my calendar feed (the old one stops working)',
  ),
  'DELETE /api/calendar-feed': op('Lending', 'turnOffCalendarFeed', 'Turn off my calendar feed'),

  // Messages
  'GET /api/messages/unread-count': op('Messages', 'getUnreadCount', 'How many messages I have not read'),
  'GET /api/conversations/{userId}': op('Messages', 'listConversations', 'My conversations, newest first'),
  'GET /api/conversations/{userId}/{partnerId}': op(
    'Messages',
    'getConversation',
    'The messages between me and one person',
  ),
  'PUT /api/messages/read/{userId}/{partnerId}': op('Messages', 'markConversationRead', 'Mark a conversation as read'),
  'PUT /api/conversations/{userId}/readers/{readerId}': op(
    'Messages',
    'recordReading',
    'This tab shows a conversation on screen: no push about it meanwhile',
  ),
  'DELETE /api/conversations/{userId}/readers/{readerId}': op(
    'Messages',
    'forgetReading',
    'This tab no longer shows a conversation',
  ),
  'POST /api/messages': op('Messages', 'sendMessage', 'Send a message'),
  'POST /api/network-requests': op('Messages', 'askNetwork', 'Ask my contacts and groups for an item nobody lists'),
  'POST /api/network-requests/{messageId}/respond': op(
    'Messages',
    'answerNetworkRequest',
    'Answer a request from my network',
  ),

  // Blocks
  'GET /api/blocks': op('Blocks', 'listBlocks', 'The people I blocked'),
  'POST /api/blocks': op('Blocks', 'blockPerson', 'Block a person'),
  'DELETE /api/blocks/{userId}': op('Blocks', 'unblockPerson', 'Unblock a person'),

  // Notifications
  'GET /api/notifications/preferences': op(
    'Notifications',
    'getNotificationPreferences',
    'What I want to be told, and how',
  ),
  'PUT /api/notifications/preferences': op(
    'Notifications',
    'updateNotificationPreferences',
    'Change what I want to be told, and how',
  ),
  'GET /api/push/public-key': op('Notifications', 'getPushPublicKey', 'The server’s Web Push (VAPID) public key'),
  'GET /api/push/subscriptions': op('Notifications', 'listPushDevices', 'My devices that get push notifications'),
  'POST /api/push/subscriptions': op('Notifications', 'subscribeToPush', 'Turn on push notifications on this device'),
  'DELETE /api/push/subscriptions': op(
    'Notifications',
    'unsubscribeFromPush',
    'Turn off push notifications on a device',
  ),
  'GET /api/events': op('Notifications', 'streamEvents', 'Live events for me (Server-Sent Events)'),
};
