import type { ErrorCode } from '../../contract/errors';
import type { HoldConflict } from '../../contract/reservations';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  authentication_required: 401,
  permission_denied: 403,
  not_found: 404,
  invalid_input: 400,
  duplicate_entry: 409,
  too_many_requests: 429,
  cross_origin_refused: 403,
  payload_too_large: 413,
  unsupported_media_type: 415,
  server_error: 500,
  database_unavailable: 503,
  photo_storage_unavailable: 503,
  account_link_invalid: 400,
  passkey_failed: 400,
  email_in_use: 409,
  username_taken: 409,
  sign_up_closed: 403,
  passkeys_unavailable: 404,
  passkey_limit_reached: 409,
  sign_in_expired: 400,
  recovery_needs_email: 409,
  last_passkey: 409,
  malformed_request: 400,
  url_too_long: 414,
  headers_too_large: 431,
  request_timeout: 408,
  contact_duplicate_phone: 409,
  contact_duplicate_email: 409,
  contact_duplicate_user: 409,
  contact_is_self: 400,
  contact_already_active: 409,
  user_not_found: 404,
  invite_link_invalid: 400,
  group_full: 409,
  group_already_member: 409,
  group_request_pending: 409,
  join_request_not_pending: 409,
  group_admin_must_transfer: 409,
  group_admin_self: 400,
  group_member_not_found: 404,
  group_max_below_members: 409,
  geocoding_failed: 502,
  item_lent_out: 409,
  share_target_not_allowed: 422,
  photo_not_available: 422,
  image_too_large: 413,
  invalid_image_format: 415,
  // The analyzer (a vision endpoint or the offline detector) is a service behind us: 502 and 504 as for a gateway.
  image_analysis_failed: 502,
  image_analysis_timeout: 504,
  image_analysis_busy: 503,
  item_not_available: 409,
  item_lent_to_someone_else: 409,
  item_reserved: 409,
  item_booked: 409,
  own_item_request: 400,
  request_already_active: 409,
  request_transition_not_allowed: 409,
  request_withdraw_not_allowed: 409,
  loan_borrower_has_request: 409,
  loan_report_closed: 409,
  message_recipient_not_allowed: 403,
  network_request_answered: 409,
  network_empty: 409,
  user_blocked: 403,
};

/**
 * The one application error type. Use cases throw it; the error handler turns
 * it into `{ error: { code, messageKey, message } }` with the right status.
 * `messageKey` is a translation key; `message` is the English text for logs.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  /** For 429: whole seconds until the caller may try again, sent as `Retry-After`. */
  retryAfterSeconds?: number;
  /** For a refused booking: the days already held (docs/decisions/0047). */
  conflict?: HoldConflict;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly messageKey: string = `errors.${code}`,
    readonly issues?: { path: string; messageKey: string }[],
  ) {
    super(message);
    this.statusCode = STATUS_BY_CODE[code];
  }

  static unauthenticated(): AppError {
    return new AppError('authentication_required', 'Authentication required');
  }
  static forbidden(message = 'Permission denied', messageKey?: string): AppError {
    return new AppError('permission_denied', message, messageKey);
  }
  static notFound(message = 'Not found', messageKey?: string): AppError {
    return new AppError('not_found', message, messageKey);
  }
  static conflict(message: string, messageKey?: string): AppError {
    return new AppError('duplicate_entry', message, messageKey);
  }
  static tooManyRequests(message: string, retryAfterSeconds: number): AppError {
    const error = new AppError('too_many_requests', message);
    error.retryAfterSeconds = retryAfterSeconds;
    return error;
  }
  static invalid(message: string, messageKey?: string, issues?: AppError['issues']): AppError {
    return new AppError('invalid_input', message, messageKey, issues);
  }
}
