import { z } from 'zod';
import { isApiError } from '../../lib/api-client';

export type ContactField = 'name' | 'phone' | 'email' | 'username';

export interface ContactFieldError {
  field: ContactField;
  /** Translation key: `errors.<code>` or a `validation.*` key from the server's issues. */
  messageKey: string;
}

const issuesBodySchema = z.object({
  error: z.object({ issues: z.array(z.object({ path: z.string(), messageKey: z.string() })).optional() }),
});

function parseIssues(bodyText: string): { path: string; messageKey: string }[] {
  try {
    const parsed = issuesBodySchema.safeParse(JSON.parse(bodyText));
    return parsed.success ? (parsed.data.error.issues ?? []) : [];
  } catch {
    return [];
  }
}

interface FieldErrorContext {
  /** The fields the form shows; errors for others are left to the toast. */
  fields: readonly ContactField[];
  /** Whether a username was typed: only then does a duplicate or unknown person belong to that field. */
  usernameTyped: boolean;
}

/**
 * Which form field a server refusal of a contact belongs to: duplicate phone
 * or email to that field, a duplicate or unknown person to the username, and
 * invalid input to the fields its issues name. Empty when none fits.
 */
export function contactFieldErrors(error: unknown, { fields, usernameTyped }: FieldErrorContext): ContactFieldError[] {
  if (!isApiError(error) || !error.code) return [];
  const messageKey = error.messageKey ?? `errors.${error.code}`;
  const pick = (field: ContactField): ContactFieldError[] => (fields.includes(field) ? [{ field, messageKey }] : []);
  switch (error.code) {
    case 'contact_duplicate_phone':
      return pick('phone');
    case 'contact_duplicate_email':
      return pick('email');
    case 'contact_duplicate_user':
    case 'user_not_found':
      return usernameTyped ? pick('username') : [];
    case 'invalid_input':
      return parseIssues(error.bodyText).flatMap((issue) => {
        const field = fields.find((name) => name === issue.path);
        return field ? [{ field, messageKey: issue.messageKey }] : [];
      });
    default:
      return [];
  }
}
