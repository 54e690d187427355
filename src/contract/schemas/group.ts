import { z } from 'zod';
import { GROUP_ROLES, JOIN_REQUEST_STATUSES } from '../enums';
import { LIMITS } from '../limits';
import { hasNoControlCharacters, isSingleLine } from './text';

/** Empty optional text means none. */
const optionalText = (max: number, tooLong: string, singleLine: boolean) =>
  z
    .string()
    .trim()
    .max(max, { message: tooLong })
    .refine(singleLine ? isSingleLine : hasNoControlCharacters, { message: 'validation.invalidCharacters' })
    .transform((v) => (v === '' ? null : v));

/** Spec §5 Group: the create and edit forms and the server parse with these. */
export const groupNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'validation.groupNameRequired' })
  .max(LIMITS.groupNameMax, { message: 'validation.groupNameTooLong' })
  .refine(isSingleLine, { message: 'validation.invalidCharacters' });

/** A number, or the text of a number input (forms); nothing else (no arrays, no booleans). */
export const maxMembersSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ message: 'validation.groupMaxMembersMin' })
    .int({ message: 'validation.groupMaxMembersMin' })
    .min(LIMITS.groupMaxMembersMin, { message: 'validation.groupMaxMembersMin' })
    .max(LIMITS.groupMaxMembersMax, { message: 'validation.groupMaxMembersMax' }),
);

/**
 * Positions are kept to two decimals (about 1 km): enough for "groups near
 * me", and "use my location" must not publish the creator's front door.
 */
const roundTo2 = (value: number) => Math.round(value * 100) / 100;
const latitudeSchema = z.number().min(-90).max(90);
const longitudeSchema = z.number().min(-180).max(180);

const descriptionSchema = optionalText(LIMITS.descriptionMax, 'validation.descriptionTooLong', false);
const locationSchema = optionalText(LIMITS.locationMax, 'validation.locationTooLong', true);

/** POST /api/groups: the create dialog; coordinates come from "use my location", both or neither. */
export const createGroupSchema = z
  .object({
    name: groupNameSchema,
    description: descriptionSchema.prefault(''),
    location: locationSchema.prefault(''),
    isPrivate: z.boolean().default(false),
    maxMembers: maxMembersSchema.default(LIMITS.groupMaxMembersDefault),
    latitude: latitudeSchema.transform(roundTo2).nullable().default(null),
    longitude: longitudeSchema.transform(roundTo2).nullable().default(null),
  })
  .refine((g) => (g.latitude === null) === (g.longitude === null), {
    message: 'validation.coordinatesPair',
    path: ['latitude'],
  });
export type CreateGroupInput = z.input<typeof createGroupSchema>;

/**
 * PUT /api/groups/{id} (spec §7: name, description, location, isPrivate,
 * maxMembers). Every field is required: a missing one must not quietly
 * reset a private group to public with 50 seats.
 */
export const updateGroupSchema = z.object({
  name: groupNameSchema,
  description: descriptionSchema,
  location: locationSchema,
  isPrivate: z.boolean(),
  maxMembers: maxMembersSchema,
});
export type UpdateGroupInput = z.input<typeof updateGroupSchema>;

/** Spec §5: "Group code exactly 10 characters ('Group code must be 10 digits')". Spaces people type are ignored. */
export const groupCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${LIMITS.groupCodeLength}}$`), { message: 'validation.groupCodeLength' }));

/** POST /api/groups/{id}/join-requests. A private group also needs its code, proving an invitation. */
export const createJoinRequestSchema = z.object({
  requestMessage: optionalText(LIMITS.joinMessageMax, 'validation.joinMessageTooLong', false).prefault(''),
  groupCode: groupCodeSchema.optional(),
});
export type CreateJoinRequestInput = z.input<typeof createJoinRequestSchema>;

/** PUT /api/groups/join-requests/{id}/approve|deny: the admin's optional response (the body itself may be absent). */
export const decideJoinRequestSchema = z.preprocess(
  (body) => body ?? {},
  z.object({
    adminResponse: optionalText(LIMITS.joinMessageMax, 'validation.joinMessageTooLong', false).prefault(''),
  }),
);

export const transferAdminSchema = z.object({ newAdminId: z.uuid() });

export const groupIdParamsSchema = z.object({ id: z.uuid() });
export const groupMemberParamsSchema = z.object({ id: z.uuid(), userId: z.uuid() });
export const joinRequestParamsSchema = z.object({ requestId: z.uuid() });
export const userGroupsParamsSchema = z.object({ userId: z.uuid() });
export const groupCodeParamsSchema = z.object({ code: groupCodeSchema });

const coordinate = (schema: z.ZodNumber) => z.string().trim().min(1).transform(Number).pipe(schema);

/** GET /api/groups/discover: with a position, the public groups within `radius` km, nearest first. */
export const discoverGroupsQuerySchema = z
  .object({
    latitude: coordinate(latitudeSchema).optional(),
    longitude: coordinate(longitudeSchema).optional(),
    radius: z.string().transform(Number).pipe(z.number().min(LIMITS.radiusKmMin).max(LIMITS.radiusKmMax)).optional(),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: 'validation.coordinatesPair',
  });

/** Spec §5: "at least 3 characters in the interface text". */
export const groupSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(LIMITS.groupSearchMin, { message: 'validation.searchTooShort' })
    .max(LIMITS.groupNameMax, { message: 'validation.searchTooLong' })
    .refine(isSingleLine, { message: 'validation.invalidCharacters' }),
});

/** GET /api/geocode/reverse. */
export const reverseGeocodeQuerySchema = z.object({
  latitude: coordinate(latitudeSchema),
  longitude: coordinate(longitudeSchema),
  language: z.string().max(10).optional(),
});
export const reverseGeocodeSchema = z.object({ location: z.string() });
export type ReverseGeocode = z.infer<typeof reverseGeocodeSchema>;

const personSchema = z.object({ id: z.string(), name: z.string(), username: z.string() });

/** A group as cards and lists show it (spec §3 Group). */
export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isPrivate: z.boolean(),
  maxMembers: z.number(),
  /** Null for a private group the viewer is not a member of. */
  groupCode: z.string().nullable(),
  admin: personSchema,
  memberCount: z.number(),
  /** Kilometres from the searched position, one decimal (discover with a position only). */
  distance: z.number().optional(),
  isUserAdmin: z.boolean(),
  isUserMember: z.boolean(),
  hasPendingRequest: z.boolean(),
  createdAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupMemberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  role: z.enum(GROUP_ROLES),
  joinedAt: z.string(),
  /** Members are listed to members only, who share the group, so each photo is theirs to see (docs/decisions/0016). */
  user: personSchema.extend({ photoUrl: z.string().nullable() }),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** GET /api/groups/{id}: members only for members (an empty list otherwise). */
export const groupDetailsSchema = groupSchema.extend({
  members: z.array(groupMemberSchema),
  /** The viewer, a member, accepts the other members' requests for free days without asking (issue 35). */
  viewerAutoAccepts: z.boolean(),
});
export type GroupDetails = z.infer<typeof groupDetailsSchema>;

export const joinRequestSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  status: z.enum(JOIN_REQUEST_STATUSES),
  requestedAt: z.string(),
  respondedAt: z.string().nullable(),
  requestMessage: z.string().nullable(),
  adminResponse: z.string().nullable(),
  user: personSchema,
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;
