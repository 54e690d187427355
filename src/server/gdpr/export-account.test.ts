import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFeedback,
  createItemPhoto,
  createLoginHistory,
  createNetworkRequest,
  createNetworkResponse,
  createUserPhoto,
} from '../../../tests/support/account-factories';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createLendingRequest, createMessage, createUser } from '../../../tests/support/factories';
import { addMember, createGroup, createJoinRequest } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { lendingRequests, messages, userBlocks, users } from '../db/schema';
import { createPostgresPhotoStore } from '../photos/photo-store';
import { exportAccount } from './export-account';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The export as the browser receives it, parsed. */
async function exportOf(user: { id: string }) {
  const response = await t.request(user, { method: 'POST', url: `/api/gdpr/export/${user.id}` });
  expect(response.statusCode).toBe(200);
  return { text: response.body, data: JSON.parse(response.body) as Record<string, unknown> & ExportShape };
}

interface ExportShape {
  [key: string]: unknown;
  profile: Record<string, unknown>;
  items: { name: string; sharedWith: { people: unknown[]; groups: unknown[] }; photos: { dataBase64: string }[] }[];
  messages: { content: string; direction: string; partner: Record<string, unknown> }[];
}

describe('the export of a person with every kind of data', () => {
  let data: ExportShape;
  let text: string;
  const secrets = [
    '+41791112233',
    'stranger@secret.test',
    'Third-party chat',
    'Stranger’s hidden drill',
    // Frank's words: his address-book entry for Erin and a loan of his to someone else (ADR 0028).
    'Erin from the office',
    'Secret Sibling',
  ];

  beforeAll(async () => {
    const erin = await createUser(t.db, {
      name: 'Erin Export',
      username: 'erin.export',
      phone: '+41790000042',
      email: 'erin@example.test',
      bannerDismissedAt: new Date('2026-05-01T10:00:00Z'),
    });
    // A friend with contact details Erin's app does not show her; a stranger she has nothing to do with.
    const friend = await createUser(t.db, {
      name: 'Frank Friend',
      phone: '+41791112233',
      email: 'stranger@secret.test',
    });
    const stranger = await createUser(t.db, { name: 'Sam Stranger' });
    await createMessage(t.db, friend, stranger, { content: 'Third-party chat' });
    await createItem(t.db, stranger, { name: 'Stranger’s hidden drill' });

    await createLoginHistory(t.db, erin, { userAgent: 'Erin’s Browser' });
    await createUserPhoto(t.db, erin, Buffer.from('erin-face'));
    await createFeedback(t.db, erin, { rating: 5, feedback: 'Love it' });
    await createContact(t.db, erin, { contactUserId: friend.id, name: 'Frankie', notes: 'Neighbour' });
    const grandma = await createContact(t.db, erin, { name: 'Grandma', phone: '+41795550000' });

    const group = await createGroup(t.db, erin, { name: 'Street Club' });
    await addMember(t.db, group, friend);
    await createJoinRequest(t.db, group, stranger, 'Let me join');
    const otherGroup = await createGroup(t.db, friend, { name: 'Book Club' });
    await createJoinRequest(t.db, otherGroup, erin, 'Me too');

    const ladder = await createItem(t.db, erin, { name: 'Ladder' });
    await shareWithUser(t.db, ladder, friend);
    await shareWithGroup(t.db, ladder, group);
    await createItemPhoto(t.db, ladder, 0, Buffer.from('ladder-front'));
    await createItemPhoto(t.db, ladder, 1, Buffer.from('ladder-side'));
    await createLendingRequest(t.db, ladder, friend, { message: 'Need it Saturday' });
    const friendsTent = await createItem(t.db, friend, { name: 'Tent' });
    await createLendingRequest(t.db, friendsTent, erin, { message: 'Camping trip' });
    // Loans as history (ADR 0028): Erin recorded lending her ladder to Grandma, who has no account; Frank
    // recorded lending his kayak to Erin (under his own name for her) and to someone else, then deleted it.
    const returned = {
      origin: 'recorded',
      status: 'returned',
      lentOn: '2026-03-01',
      returnedOn: '2026-03-20',
    } as const;
    await t.db.insert(lendingRequests).values({
      ...returned,
      itemId: ladder.id,
      ownerId: erin.id,
      borrowerContactId: grandma.id,
      borrowerName: 'Grandma',
      message: 'Back by Easter',
    });
    const kayak = await createItem(t.db, friend, { name: 'Kayak' });
    const franksEntryForErin = await createContact(t.db, friend, {
      contactUserId: erin.id,
      name: 'Erin from the office',
    });
    await t.db.insert(lendingRequests).values([
      {
        ...returned,
        itemId: kayak.id,
        ownerId: friend.id,
        requesterId: erin.id,
        borrowerContactId: franksEntryForErin.id,
      },
      { ...returned, itemId: kayak.id, ownerId: friend.id, borrowerName: 'Secret Sibling' },
    ]);
    expect((await t.request(friend, { method: 'DELETE', url: `/api/items/${kayak.id}` })).statusCode).toBe(204);

    await createMessage(t.db, erin, friend, { content: 'Hello Frank' });
    await createMessage(t.db, friend, erin, { content: 'Hi Erin' });

    const wanted = await createNetworkRequest(t.db, erin, { title: 'Wheelbarrow' });
    await createNetworkResponse(t.db, wanted, friend, { message: 'I have one' });
    const friendsRequest = await createNetworkRequest(t.db, friend, { title: 'Drill' });
    await createNetworkResponse(t.db, friendsRequest, erin, { response: 'decline' });

    // Erin blocked Sam; Tom blocked Erin, which is Tom's data, not hers (docs/decisions/0018).
    const troll = await createUser(t.db, { name: 'Tom Troll' });
    await t.db.insert(userBlocks).values([
      { blockerId: erin.id, blockedId: stranger.id, createdAt: new Date('2026-06-01T08:00:00Z') },
      { blockerId: troll.id, blockedId: erin.id },
    ]);

    ({ data, text } = await exportOf(erin));
  });

  it('says what it is and when it was made', () => {
    expect(data.format).toBe('lendloop-account-export');
    expect(data.formatVersion).toBe(1);
    expect(Date.parse(String(data.generatedAt))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('holds the profile, the sign-in identity, consent and the profile photo', () => {
    expect(data.profile).toMatchObject({
      name: 'Erin Export',
      username: 'erin.export',
      phone: '+41790000042',
      email: 'erin@example.test',
    });
    expect(data.signInIdentity).toEqual({ issuer: 'https://issuer.test', subject: expect.any(String) });
    expect(data.consent).toMatchObject({
      feedbackBannerDismissedAt: '2026-05-01T10:00:00.000Z',
      cookieConsent: expect.stringContaining('local storage'),
    });
    expect(data.profilePhoto).toMatchObject({ contentType: 'image/webp', dataBase64: b64('erin-face') });
  });

  it('holds login history and feedback', () => {
    expect(data.loginHistory).toEqual([expect.objectContaining({ userAgent: 'Erin’s Browser', loginMethod: 'oidc' })]);
    expect(data.feedback).toEqual([expect.objectContaining({ rating: 5, feedback: 'Love it' })]);
  });

  it('holds items with their shares and embedded photos', () => {
    expect(data.items).toHaveLength(1);
    const [ladder] = data.items;
    expect(ladder).toMatchObject({
      name: 'Ladder',
      sharedWith: {
        people: [expect.objectContaining({ name: 'Frank Friend', canView: true })],
        groups: [expect.objectContaining({ name: 'Street Club', canView: true })],
      },
    });
    expect(ladder!.photos.map((p) => p.dataBase64)).toEqual([b64('ladder-front'), b64('ladder-side')]);
  });

  it('holds contacts as typed, with a linked person by name only', () => {
    expect(data.contacts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Frankie',
          notes: 'Neighbour',
          linkedUser: expect.objectContaining({ name: 'Frank Friend' }),
        }),
        expect.objectContaining({ name: 'Grandma', phone: '+41795550000', linkedUser: null }),
      ]),
    );
  });

  it('holds groups with role and members, and join requests both ways', () => {
    expect(data.groups).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          group: expect.objectContaining({ name: 'Street Club', groupCode: expect.any(String) }),
          yourRole: 'admin',
          otherMembers: [expect.objectContaining({ name: 'Frank Friend', role: 'member' })],
        }),
      ]),
    );
    expect(data.joinRequests).toEqual({
      yours: [
        expect.objectContaining({ group: expect.objectContaining({ name: 'Book Club' }), requestMessage: 'Me too' }),
      ],
      toGroupsYouAdminister: [
        expect.objectContaining({
          requester: expect.objectContaining({ name: 'Sam Stranger' }),
          requestMessage: 'Let me join',
        }),
      ],
    });
  });

  it('holds lending requests and loans on both sides, loans on deleted items and recorded loans included', () => {
    expect(data.lendingRequests).toEqual({
      asRequester: [
        expect.objectContaining({
          origin: 'request',
          message: 'Camping trip',
          item: expect.objectContaining({ name: 'Tent' }),
        }),
        expect.objectContaining({
          origin: 'recorded',
          item: { id: null, name: 'Kayak' },
          owner: expect.objectContaining({ name: 'Frank Friend' }),
          status: 'returned',
          lentOn: '2026-03-01',
          returnedOn: '2026-03-20',
        }),
      ],
      asOwner: [
        expect.objectContaining({
          message: 'Need it Saturday',
          requester: expect.objectContaining({ name: 'Frank Friend' }),
          borrowerName: null,
        }),
        // Her own record of a loan to someone without an account: the name as she wrote it.
        expect.objectContaining({
          origin: 'recorded',
          item: expect.objectContaining({ name: 'Ladder' }),
          requester: null,
          borrowerName: 'Grandma',
          message: 'Back by Easter',
        }),
      ],
    });
    // The owner's words for a borrower stay the owner's.
    const asRequester = (data.lendingRequests as { asRequester: object[] }).asRequester;
    for (const loan of asRequester) expect(loan).not.toHaveProperty('borrowerName');
  });

  it('holds messages sent and received, oldest first', () => {
    expect(data.messages.map((m) => [m.direction, m.content])).toEqual([
      ['sent', 'Hello Frank'],
      ['received', 'Hi Erin'],
    ]);
    expect(data.messages[0]!.partner).toEqual({ name: 'Frank Friend', username: expect.any(String), deleted: false });
  });

  it('holds network requests with their answers, and the answers the person gave', () => {
    expect(data.networkRequests).toEqual([
      expect.objectContaining({
        title: 'Wheelbarrow',
        answers: [
          expect.objectContaining({
            message: 'I have one',
            responder: expect.objectContaining({ name: 'Frank Friend' }),
          }),
        ],
      }),
    ]);
    expect(data.networkRequestAnswers).toEqual([
      expect.objectContaining({ response: 'decline', networkRequest: expect.objectContaining({ title: 'Drill' }) }),
    ]);
  });

  it('holds the people the person blocked, not who blocked them', () => {
    expect(data.blockedPeople).toEqual([
      { name: 'Sam Stranger', username: expect.any(String), blockedAt: '2026-06-01T08:00:00.000Z' },
    ]);
    expect(text).not.toContain('Tom Troll');
  });

  it('leaks nothing private of others: no stranger’s contact details, chats or hidden items', () => {
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

describe('an export of a big account', () => {
  /** Statements the export runs for a person with `count` messages (read with batches of 100). */
  async function statementsFor(count: number) {
    const person = await createUser(t.db);
    const partner = await createUser(t.db);
    await t.db.insert(messages).values(
      Array.from({ length: count }, (_, i) => ({
        senderId: i % 2 ? person.id : partner.id,
        receiverId: i % 2 ? partner.id : person.id,
        content: `Message ${i}`,
        // Microseconds apart, some tied: a cursor rounded to JavaScript's
        // milliseconds would skip or repeat rows.
        createdAt: sql`timestamptz '2026-01-01 00:00:00+00' + ${Math.floor(i / 3)} * interval '1 microsecond'`,
      })),
    );
    const before = t.database.queryCount();
    let text = '';
    for await (const chunk of exportAccount(t.db, person.id, {
      photoStore: createPostgresPhotoStore(t.db),
      batchSize: 100,
    })) {
      text += chunk;
    }
    const statements = t.database.queryCount() - before;
    const exported = (JSON.parse(text) as { messages: { content: string }[] }).messages;
    return { statements, exported };
  }

  it('reads messages page by page: one statement per 100, every message exactly once', async () => {
    const small = await statementsFor(250);
    const big = await statementsFor(2_050);
    expect(new Set(big.exported.map((m) => m.content)).size).toBe(2_050);
    expect(big.exported).toHaveLength(2_050);
    // 3 pages against 21: the difference is the 18 extra pages, nothing per row.
    expect(big.statements - small.statements).toBe(18);
  });

  it('answers 404 for an account that no longer exists', async () => {
    const gone = await createUser(t.db);
    await t.db.delete(users).where(eq(users.id, gone.id));
    const chunks = exportAccount(t.db, gone.id, { photoStore: createPostgresPhotoStore(t.db) });
    await expect(chunks.next()).rejects.toMatchObject({ statusCode: 404 });
  });
});

function b64(text: string): string {
  return Buffer.from(text).toString('base64');
}
