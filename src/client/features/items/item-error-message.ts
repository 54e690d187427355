/**
 * Spec §8 items: the toast's title names the failed action ('Failed to update
 * item'); its description is the server's message in the reader's language,
 * or that the network is down. The rule is shared by every feature's toasts
 * and lives in lib/error-message.
 */
export { failureDescription as itemErrorDescription } from '../../lib/error-message';
