import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { contacts } from '../db/schema';

/**
 * Spec §1: a contact is added by phone, email or username. A registered
 * person found by username or email needs no phone; an unregistered one does,
 * because only a number can invite them (docs/decisions/0007, amendment).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const contactsOf = (userId: string) => t.db.select().from(contacts).where(eq(contacts.userId, userId));
const post = (user: { id: string } | null, payload: object) =>
  t.request(user, { method: 'POST', url: '/api/contacts', payload });
const put = (user: { id: string }, id: string, payload: object) =>
  t.request(user, { method: 'PUT', url: `/api/contacts/${id}`, payload });

const phoneRequiredForInvite = {
  code: 'invalid_input',
  messageKey: 'errors.invalid_input',
  issues: [{ path: 'phone', messageKey: 'validation.phoneRequiredForInvite' }],
};

describe('POST /api/contacts without a phone', () => {
  it('answers 401 when signed out', async () => {
    expect((await post(null, { name: 'Bob', username: 'bob.anon' })).statusCode).toBe(401);
  });

  it('adds a registered person by username as an active contact with no phone', async () => {
    const owner = await createUser(t.db);
    const bob = await createUser(t.db, { username: 'bob.nophone', phone: '+41790000101' });
    const response = await post(owner, { name: 'Bob', phone: '', username: '@bob.nophone' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ contactUserId: bob.id, status: 'active', phone: null, email: null });
    // Nothing from Bob's profile is copied (the link is not mutual yet).
    expect(response.json().user).toMatchObject({ phone: null, email: null });
  });

  it('adds a registered person by email as an active contact with no phone', async () => {
    const owner = await createUser(t.db);
    const dana = await createUser(t.db, { email: 'dana.nophone@example.test' });
    const response = await post(owner, { name: 'Dana', email: 'Dana.NoPhone@example.test' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ contactUserId: dana.id, status: 'active', phone: null });
  });

  it('refuses an unregistered email without a phone at the phone field, writing nothing', async () => {
    const owner = await createUser(t.db);
    const response = await post(owner, { name: 'Carol', email: 'nobody.here@example.test' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject(phoneRequiredForInvite);
    expect(await contactsOf(owner.id)).toHaveLength(0);
  });

  it('does not link an email two accounts share, so asks for the phone', async () => {
    const owner = await createUser(t.db);
    await createUser(t.db, { email: 'shared.mail@example.test' });
    await createUser(t.db, { email: 'Shared.Mail@example.test' });
    const response = await post(owner, { name: 'Shared', email: 'shared.mail@example.test' });
    expect(response.json().error).toMatchObject(phoneRequiredForInvite);
    expect(await contactsOf(owner.id)).toHaveLength(0);
  });

  it('still says an unknown username matches nobody (404) rather than asking for a phone', async () => {
    const owner = await createUser(t.db);
    const response = await post(owner, { name: 'Ghost', username: 'ghost.nophone' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('user_not_found');
  });

  it('refuses a form with neither phone, email nor username before any lookup', async () => {
    const owner = await createUser(t.db);
    const response = await post(owner, { name: 'Nobody', phone: '', email: '', username: '' });
    expect(response.statusCode).toBe(400);
    const issues = response.json().error.issues as { path: string; messageKey: string }[];
    expect(issues).toContainEqual({ path: 'phone', messageKey: 'validation.phoneRequired' });
  });

  it('still refuses the same person twice, by username or by email', async () => {
    const owner = await createUser(t.db);
    const bob = await createUser(t.db, { username: 'bob.twice', email: 'bob.twice@example.test' });
    expect((await post(owner, { name: 'Bob', username: 'bob.twice' })).statusCode).toBe(201);
    const byUsername = await post(owner, { name: 'Bob 2', username: 'bob.twice' });
    expect(byUsername.statusCode).toBe(409);
    expect(byUsername.json().error.code).toBe('contact_duplicate_user');
    const byEmail = await post(owner, { name: 'Bob 3', email: 'bob.twice@example.test' });
    expect(byEmail.json().error.code).toBe('contact_duplicate_user');
    expect(await contactsOf(owner.id)).toEqual([expect.objectContaining({ contactUserId: bob.id, phone: null })]);
  });
});

describe('PUT /api/contacts/:id with an empty phone', () => {
  it('lets a linked contact keep no phone', async () => {
    const owner = await createUser(t.db);
    const bob = await createUser(t.db);
    const contact = await createContact(t.db, owner, { contactUserId: bob.id, phone: '+41790000102' });
    const response = await put(owner, contact.id, { name: 'Bob B.', phone: '', email: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Bob B.', phone: null, status: 'active', contactUserId: bob.id });
  });

  it('refuses to clear the phone of an unlinked contact, changing nothing', async () => {
    const owner = await createUser(t.db);
    const contact = await createContact(t.db, owner, { name: 'Carol', phone: '+41790000103' });
    const response = await put(owner, contact.id, { name: 'Carol C.', phone: '', email: 'carol@example.test' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject(phoneRequiredForInvite);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row).toMatchObject({ name: 'Carol', phone: '+41790000103', email: null });
  });

  it('links an unlinked contact whose new email is registered, and then needs no phone', async () => {
    const owner = await createUser(t.db);
    const erin = await createUser(t.db, { email: 'erin.linked@example.test' });
    const contact = await createContact(t.db, owner, { name: 'Erin', phone: '+41790000104' });
    const response = await put(owner, contact.id, { name: 'Erin', phone: '', email: 'erin.linked@example.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ contactUserId: erin.id, status: 'active', phone: null });
  });
});
