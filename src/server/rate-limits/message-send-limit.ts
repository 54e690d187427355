import { LIMITS } from '../../contract/limits';
import type { RateLimit } from './consume-rate-limit';

/**
 * One account's budget for telling other people something: messages it
 * writes, and recorded loans that post a `loan_recorded` message to a
 * registered borrower (issue 19 review). Both spend the same window, so
 * recording finished loans is no way around the message limit.
 */
export function messageSendLimit(actorId: string): RateLimit {
  return { key: `message-send:${actorId}`, max: LIMITS.messagesPerMinute, windowSeconds: 60 };
}
