/**
 * Error codes the API returns in `{ error: { code, messageKey } }`. Each code
 * maps to a translation key under `errors.*` in every locale, so the client can
 * show the message in the reader's language (spec §8 "Generic").
 */
export const ERROR_CODES = [
  'authentication_required',
  'permission_denied',
  'not_found',
  'invalid_input',
  'duplicate_entry',
  'too_many_requests',
  'cross_origin_refused',
  'payload_too_large',
  'unsupported_media_type',
  'server_error',
  // The database could not be reached or the connection was lost: try again shortly (docs/decisions/0019).
  'database_unavailable',
  // The photo bucket could not be reached (docs/decisions/0050): only photo reads and uploads fail, try again shortly.
  'photo_storage_unavailable',
  // Passkeys on the built-in sign-in provider (docs/decisions/0051).
  'account_link_invalid',
  'passkey_failed',
  'email_in_use',
  'username_taken',
  'sign_up_closed',
  'passkeys_unavailable',
  'passkey_limit_reached',
  'sign_in_expired',
  'recovery_needs_email',
  'last_passkey',
  // Requests the server cannot route or read (a URL that does not decode, an
  // over-long path segment, oversized headers, a client too slow to send them).
  'malformed_request',
  'url_too_long',
  'headers_too_large',
  'request_timeout',
  // Contacts, invitations and referrals (spec §8): specific, so the form can say what is wrong.
  'contact_duplicate_phone',
  'contact_duplicate_email',
  'contact_duplicate_user',
  'contact_is_self',
  'contact_already_active',
  'user_not_found',
  'invite_link_invalid',
  // Groups (spec §8 groups and group management).
  'group_full',
  'group_already_member',
  'group_request_pending',
  'join_request_not_pending',
  'group_admin_must_transfer',
  'group_admin_self',
  'group_member_not_found',
  'group_max_below_members',
  'geocoding_failed',
  // Items and photos (spec §8 items, photos and "Generic").
  'item_lent_out',
  'share_target_not_allowed',
  'photo_not_available',
  'image_too_large',
  'invalid_image_format',
  // Creating an item from a photo (issue 16): the analyzer failed or gave no usable answer, or took too long.
  'image_analysis_failed',
  'image_analysis_timeout',
  // The instance's analysis queue is full (docs/decisions/0041): try again after Retry-After.
  'image_analysis_busy',
  // Lending, messages and network requests (spec §8 "lending" and messages).
  'item_not_available',
  'item_lent_to_someone_else',
  'item_reserved',
  // Some of the days asked for are promised to someone else (docs/decisions/0047).
  'item_booked',
  'own_item_request',
  'request_already_active',
  'request_transition_not_allowed',
  'request_withdraw_not_allowed',
  // Recording a loan (issue 19) for someone who asked for the item in the app: the owner answers their request.
  'loan_borrower_has_request',
  // A loan's condition, answer or problem (issue 36) asked for when the loan's state or the day no longer allows it.
  'loan_report_closed',
  'message_recipient_not_allowed',
  'network_request_answered',
  'network_empty',
  // Blocking (docs/decisions/0018): told only to the blocker; the blocked person gets the answers a stranger gets.
  'user_blocked',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
