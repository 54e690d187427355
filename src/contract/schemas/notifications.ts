import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../enums';
import { isSingleLine } from './text';

/**
 * Notifications (issue 18, docs/decisions/0024-notifications-and-push.md).
 * GET/PUT /api/notifications/preferences: per kind, push and email on or off
 * (both off is "none"). PUT takes the whole set, as the profile shows it.
 */
export const channelChoiceSchema = z.object({ push: z.boolean(), email: z.boolean() });
export type ChannelChoiceDto = z.infer<typeof channelChoiceSchema>;

export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelChoiceSchema])) as {
    [K in (typeof NOTIFICATION_KINDS)[number]]: typeof channelChoiceSchema;
  },
);
export type NotificationPreferencesDto = z.infer<typeof notificationPreferencesSchema>;

/**
 * What GET and PUT /api/notifications/preferences answer: the preferences,
 * and whether this server sends email at all (no SMTP configured: it never
 * does, so the profile shows the email switches off and says why).
 */
export const notificationSettingsSchema = notificationPreferencesSchema.extend({ emailAvailable: z.boolean() });
export type NotificationSettingsDto = z.infer<typeof notificationSettingsSchema>;

/** A base64url string (the browser's keys), without padding. */
const base64url = (max: number) =>
  z
    .string({ message: 'validation.pushSubscriptionInvalid' })
    .min(1, { message: 'validation.pushSubscriptionInvalid' })
    .max(max, { message: 'validation.pushSubscriptionInvalid' })
    .regex(/^[A-Za-z0-9_-]+=*$/, { message: 'validation.pushSubscriptionInvalid' });

/** The push service URL a browser gave; the server also checks its host against the allow-list. */
export const pushEndpointSchema = z
  .url({ protocol: /^https$/, message: 'validation.pushEndpointNotAllowed' })
  .max(2048, { message: 'validation.pushEndpointNotAllowed' })
  .refine(isSingleLine, { message: 'validation.pushEndpointNotAllowed' });

/** The bytes of a base64url string (padding allowed), or undefined when it is not one. */
export function base64UrlBytes(value: string): Uint8Array | undefined {
  const unpadded = value.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(unpadded) || unpadded.length % 4 === 1) return undefined;
  const binary = atob(
    unpadded
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(unpadded.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** RFC 8291: an uncompressed P-256 point (0x04, then x and y) and a 16-byte auth secret. */
const P256DH_BYTES = 65;
const AUTH_BYTES = 16;

/**
 * POST /api/push/subscriptions: PushSubscription.toJSON() from this browser
 * (`expirationTime` is ignored: push services announce the end with 404/410).
 * The key lengths are checked here: keys of another size could never be
 * encrypted to, and every push to them would fail.
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({
    p256dh: base64url(200).refine(
      (value) => {
        const bytes = base64UrlBytes(value);
        return bytes?.length === P256DH_BYTES && bytes[0] === 0x04;
      },
      { message: 'validation.pushKeysInvalid' },
    ),
    auth: base64url(100).refine((value) => base64UrlBytes(value)?.length === AUTH_BYTES, {
      message: 'validation.pushKeysInvalid',
    }),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions: this browser's endpoint. */
export const pushSubscriptionEndpointSchema = z.object({ endpoint: pushEndpointSchema });

/** One device that gets pushes, as the profile lists it (the keys never leave the server). */
export const pushDeviceSchema = z.object({
  id: z.string(),
  deviceLabel: z.string().nullable(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  /** The endpoint, so the profile can tell which row is this browser. */
  endpoint: z.string(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
export const pushDevicesSchema = z.array(pushDeviceSchema);

/** GET /api/push/public-key: the VAPID public key for pushManager.subscribe. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;
