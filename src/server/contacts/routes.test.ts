import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { contacts, itemContactPermissions, items } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const contactsOf = (userId: string) => t.db.select().from(contacts).where(eq(contacts.userId, userId));

describe('GET /api/contacts', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/contacts' })).statusCode).toBe(401);
  });

  it("lists the actor's own contacts by name, never a stranger's", async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    await createContact(t.db, owner, { name: 'zoe' });
    await createContact(t.db, owner, { name: 'Adam' });
    await createContact(t.db, stranger, { name: 'Secret' });

    const mine = await t.request(owner, { method: 'GET', url: '/api/contacts' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((c: { name: string }) => c.name)).toEqual(['Adam', 'zoe']);

    const theirs = await t.request(stranger, { method: 'GET', url: '/api/contacts' });
    expect(theirs.json().map((c: { name: string }) => c.name)).toEqual(['Secret']);
  });

  it('runs the same number of queries for 2 contacts as for 40 (no N+1)', async () => {
    const owner = await createUser(t.db);
    const cookie = await t.cookieFor(owner.id);
    const list = () => t.app.inject({ method: 'GET', url: '/api/contacts', headers: { cookie } });
    // The first call of a session also records activity; measure steady-state calls.
    await list();
    const queriesFor = async () => {
      const before = t.database.queryCount();
      expect((await list()).statusCode).toBe(200);
      return t.database.queryCount() - before;
    };
    for (let i = 0; i < 2; i++) await createContact(t.db, owner, { contactUserId: (await createUser(t.db)).id });
    const few = await queriesFor();
    for (let i = 0; i < 38; i++) await createContact(t.db, owner, { contactUserId: (await createUser(t.db)).id });
    const many = await queriesFor();
    expect(many).toBe(few);
    expect(few).toBeGreaterThan(0);
  });

  it("shows a linked user's email and phone only once the link is mutual", async () => {
    const owner = await createUser(t.db);
    const bob = await createUser(t.db, { phone: '+41790000001', email: 'bob@example.test' });
    await createContact(t.db, owner, { name: 'Bob', contactUserId: bob.id, phone: null, email: null });

    const oneWay = (await t.request(owner, { method: 'GET', url: '/api/contacts' })).json()[0];
    expect(oneWay.user).toEqual({
      id: bob.id,
      name: bob.name,
      username: bob.username,
      email: null,
      phone: null,
      photoUrl: null,
    });
    expect(oneWay.username).toBe(bob.username);

    await createContact(t.db, bob, { name: 'Owner', contactUserId: owner.id });
    const mutual = (await t.request(owner, { method: 'GET', url: '/api/contacts' })).json()[0];
    expect(mutual.user).toMatchObject({ email: 'bob@example.test', phone: '+41790000001' });
  });
});

describe('POST /api/contacts', () => {
  const post = (user: { id: string } | null, payload: object) =>
    t.request(user, { method: 'POST', url: '/api/contacts', payload });

  it('answers 401 when signed out and writes nothing', async () => {
    const response = await post(null, { name: 'Carol', phone: '+41791112233' });
    expect(response.statusCode).toBe(401);
  });

  it('links a registered user matched by phone: active, contactUserId set', async () => {
    const owner = await createUser(t.db);
    const bob = await createUser(t.db, { phone: '+41792223344' });
    const response = await post(owner, { name: 'Bobby', phone: '41 79 222 33 44' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      userId: owner.id,
      contactUserId: bob.id,
      name: 'Bobby',
      phone: '+41792223344',
      status: 'active',
      username: bob.username,
    });
  });

  it('links by email (any case) and by username', async () => {
    const owner = await createUser(t.db);
    const byEmail = await createUser(t.db, { email: 'Dana@Example.test' });
    const byUsername = await createUser(t.db, { username: 'erin.k' });
    const first = await post(owner, { name: 'Dana', phone: '+41793334455', email: 'dana@example.TEST' });
    expect(first.json()).toMatchObject({ contactUserId: byEmail.id, status: 'active' });
    const second = await post(owner, { name: 'Erin', phone: '+41794445566', username: '@Erin.K' });
    expect(second.json()).toMatchObject({ contactUserId: byUsername.id, status: 'active', username: 'erin.k' });
  });

  it('links a registered user given by id', async () => {
    const owner = await createUser(t.db);
    const bob = await createUser(t.db, { name: 'Bob Known', phone: '+41795556677' });
    const response = await post(owner, { userId: owner.id, contactUserId: bob.id });
    expect(response.statusCode).toBe(201);
    // Knowing someone's id must not reveal their phone or email: nothing is copied from the profile.
    expect(response.json()).toMatchObject({
      contactUserId: bob.id,
      name: 'Bob Known',
      status: 'active',
      phone: null,
      email: null,
      user: { phone: null, email: null },
    });
  });

  it('keeps an unregistered person pending with the typed name, phone and email', async () => {
    const owner = await createUser(t.db);
    const response = await post(owner, { name: 'Carol', phone: '41 79 666 77 88', email: 'carol@example.test' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      contactUserId: null,
      name: 'Carol',
      phone: '+41796667788',
      email: 'carol@example.test',
      status: 'pending',
      user: null,
      username: null,
    });
  });

  it('does not link when a phone is shared by several accounts', async () => {
    const owner = await createUser(t.db);
    await createUser(t.db, { phone: '+41797778899' });
    await createUser(t.db, { phone: '+41797778899' });
    const response = await post(owner, { name: 'Shared', phone: '+41797778899' });
    expect(response.json()).toMatchObject({ status: 'pending', contactUserId: null });
  });

  it.each([
    ['phone', { phone: '+41798889900' }, { name: 'Again', phone: '+41798889900' }, 'contact_duplicate_phone'],
    [
      'email',
      { email: 'Same@Example.test' },
      { name: 'Again', phone: '+41798889911', email: 'same@example.test' },
      'contact_duplicate_email',
    ],
  ])('refuses a duplicate %s among own contacts with 409', async (_field, existing, payload, code) => {
    const owner = await createUser(t.db);
    await createContact(t.db, owner, existing);
    const response = await post(owner, payload);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code, messageKey: `errors.${code}` });
    expect(await contactsOf(owner.id)).toHaveLength(1);
  });

  it('refuses the same registered person twice (duplicate username) with 409', async () => {
    const owner = await createUser(t.db);
    const bob = await createUser(t.db, { username: 'bob.dup' });
    expect((await post(owner, { name: 'Bob', phone: '+41791230001', username: 'bob.dup' })).statusCode).toBe(201);
    const again = await post(owner, { name: 'Bob 2', phone: '+41791230002', username: 'bob.dup' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('contact_duplicate_user');
    const byId = await post(owner, { contactUserId: bob.id });
    expect(byId.json().error.code).toBe('contact_duplicate_user');
  });

  it('lets two people each keep the same number in their own address books', async () => {
    const ada = await createUser(t.db);
    const grace = await createUser(t.db);
    expect((await post(ada, { name: 'Carol', phone: '+41791230003' })).statusCode).toBe(201);
    expect((await post(grace, { name: 'Carol', phone: '+41791230003' })).statusCode).toBe(201);
  });

  it('refuses a username that matches nobody (404) and oneself (400)', async () => {
    const owner = await createUser(t.db, { username: 'myself.here', phone: '+41791230004' });
    const unknown = await post(owner, { name: 'Ghost', phone: '+41791230005', username: 'nobody.here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('user_not_found');
    const self = await post(owner, { name: 'Me', phone: '+41791230004' });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('contact_is_self');
    expect((await post(owner, { contactUserId: randomUUID() })).json().error.code).toBe('user_not_found');
    expect(await contactsOf(owner.id)).toHaveLength(0);
  });

  it('refuses invalid input with 400 and a message key per field', async () => {
    const owner = await createUser(t.db);
    const response = await post(owner, { name: '', phone: '12', email: 'x@' });
    expect(response.statusCode).toBe(400);
    const keys = response.json().error.issues.map((i: { messageKey: string }) => i.messageKey);
    expect(keys).toEqual(expect.arrayContaining(['validation.nameRequired']));
    expect(await contactsOf(owner.id)).toHaveLength(0);
  });

  it('refuses a userId that is not the actor with 403, writing nothing', async () => {
    const owner = await createUser(t.db);
    const victim = await createUser(t.db);
    const response = await post(owner, { userId: victim.id, name: 'Carol', phone: '+41791230006' });
    expect(response.statusCode).toBe(403);
    expect(await contactsOf(victim.id)).toHaveLength(0);
    expect(await contactsOf(owner.id)).toHaveLength(0);
  });

  it('answers two simultaneous adds of the same number with one contact and one 409', async () => {
    const owner = await createUser(t.db);
    const payload = { name: 'Twice', phone: '+41791230007' };
    const statuses = (await Promise.all([post(owner, payload), post(owner, payload)])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([201, 409]);
    expect(await contactsOf(owner.id)).toHaveLength(1);
  });
});

describe('PUT /api/contacts/:id', () => {
  const put = (user: { id: string } | null, id: string, payload: object) =>
    t.request(user, { method: 'PUT', url: `/api/contacts/${id}`, payload });
  const changes = { name: 'Carol Renamed', phone: '+41791240001', email: '' };

  it('answers 401 when signed out', async () => {
    const owner = await createUser(t.db);
    const contact = await createContact(t.db, owner);
    expect((await put(null, contact.id, changes)).statusCode).toBe(401);
  });

  it("hides a stranger's contact (404) and leaves it unchanged", async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const contact = await createContact(t.db, owner, { name: 'Original' });
    const response = await put(stranger, contact.id, changes);
    expect(response.statusCode).toBe(404);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row?.name).toBe('Original');
  });

  it('updates the owner’s contact, and links it when the new number is registered', async () => {
    const owner = await createUser(t.db);
    const carol = await createUser(t.db, { phone: '+41791240002' });
    const contact = await createContact(t.db, owner, { name: 'Carol' });
    const renamed = await put(owner, contact.id, changes);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Carol Renamed', phone: '+41791240001', status: 'pending' });

    const linked = await put(owner, contact.id, { ...changes, phone: '+41791240002' });
    expect(linked.json()).toMatchObject({ contactUserId: carol.id, status: 'active' });
  });

  it('keeps a linked contact linked to its person when the number changes', async () => {
    const owner = await createUser(t.db);
    const carol = await createUser(t.db);
    await createUser(t.db, { phone: '+41791240009' });
    const contact = await createContact(t.db, owner, { contactUserId: carol.id });
    const response = await put(owner, contact.id, { ...changes, phone: '+41791240009' });
    expect(response.json()).toMatchObject({ contactUserId: carol.id, phone: '+41791240009', status: 'active' });
  });

  it('refuses a phone another of the owner’s contacts has (409) and a foreign userId (403)', async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    await createContact(t.db, owner, { phone: '+41791240003' });
    const contact = await createContact(t.db, owner);
    expect((await put(owner, contact.id, { ...changes, phone: '+41791240003' })).json().error.code).toBe(
      'contact_duplicate_phone',
    );
    expect((await put(owner, contact.id, { ...changes, userId: other.id })).statusCode).toBe(403);
    // Keeping its own phone is not a duplicate of itself.
    expect((await put(owner, contact.id, { ...changes, phone: contact.phone })).statusCode).toBe(200);
  });
});

describe('DELETE /api/contacts/:userId/:contactId', () => {
  const remove = (user: { id: string } | null, userId: string, contactId: string) =>
    t.request(user, { method: 'DELETE', url: `/api/contacts/${userId}/${contactId}` });

  it('answers 401 when signed out', async () => {
    const owner = await createUser(t.db);
    const contact = await createContact(t.db, owner);
    expect((await remove(null, owner.id, contact.id)).statusCode).toBe(401);
  });

  it('refuses a userId that is not the actor (403) and a stranger’s contact (404)', async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const contact = await createContact(t.db, owner);
    expect((await remove(stranger, owner.id, contact.id)).statusCode).toBe(403);
    expect((await remove(stranger, stranger.id, contact.id)).statusCode).toBe(404);
    expect(await contactsOf(owner.id)).toHaveLength(1);
  });

  it('removes the contact and the item shares given to that person', async () => {
    const owner = await createUser(t.db);
    const bob = await createUser(t.db);
    const contact = await createContact(t.db, owner, { contactUserId: bob.id });
    const [item] = await t.db.insert(items).values({ ownerId: owner.id, name: 'Drill', category: 'tools' }).returning();
    const [othersItem] = await t.db
      .insert(items)
      .values({ ownerId: bob.id, name: 'Ladder', category: 'tools' })
      .returning();
    await t.db.insert(itemContactPermissions).values([
      { itemId: item!.id, contactUserId: bob.id },
      { itemId: othersItem!.id, contactUserId: owner.id },
    ]);

    const response = await remove(owner, owner.id, contact.id);
    expect(response.statusCode).toBe(204);
    expect(await contactsOf(owner.id)).toHaveLength(0);
    const shares = await t.db.select().from(itemContactPermissions);
    expect(shares.filter((s) => s.itemId === item!.id)).toHaveLength(0);
    // Bob's own share to the owner is Bob's business and stays.
    expect(shares.filter((s) => s.itemId === othersItem!.id)).toHaveLength(1);
  });
});
