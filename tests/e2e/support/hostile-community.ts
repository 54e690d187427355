import type { Browser, BrowserContext, Page } from '@playwright/test';
import { apiAs, userIdOf } from './api';
import { newTestUser, signUpOverHttp } from './auth';
import { COOKIE_CONSENT_STORAGE_KEY, ESSENTIAL_ONLY_CONSENT } from './cookie-consent';
import { BASE_URL } from './env';

/*
 * One person's world filled with what real people type (issue 33): names of
 * 100 characters, words and links of 200 characters without a break, emoji,
 * a conversation longer than any screen. Seeded once through the API; the
 * layout check then looks at every screen of it.
 */

/** `text` repeated and cut to exactly `length` characters (counting code points, as the server's limits do). */
function exactly(length: number, text: string): string {
  const chars = [...text.repeat(Math.ceil(length / [...text].length))];
  return chars.slice(0, length).join('');
}

/** 200 letters and digits without a break: a word no line can hold. */
export const UNBROKEN_WORD = exactly(200, 'Donaudampfschifffahrtsgesellschaftskapitän0123456789');
/** The link from the report that broke Messages for good: a share link with a long id. */
export const LONG_LINK = `https://www.galaxus.ch/de/s1/product/19284756?utm_source=whatsapp&utm_medium=share&utm_campaign=x&shareid=${exactly(80, 'a8F3kQ9zX2mP7rT4vB6nW1yC5')}`;
/** 100 characters with spaces and emoji, as a full name may be. */
export const LONG_NAME = exactly(100, 'Maria-Magdalena Franziska 🚲🏕️ von Hohenzollern-Sigmaringen-Württemberg ');
/** 100 characters and no space: the worst case for a heading or a card title. */
export const UNBROKEN_NAME = exactly(100, 'Bartholomäus🎸Zwetschgenbaumschüttler');

export interface HostileCommunity {
  /** The signed-in person whose screens are checked: their cookies, ready for a new context. */
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  partnerId: string;
  groupId: string;
  /** The private link of a loan recorded for someone without an account (issue 36): its page's path. */
  loanLinkPath: string;
}

async function personIn(
  browser: Browser,
  label: string,
): Promise<{ page: Page; id: string; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    storageState: {
      cookies: [],
      origins: [
        { origin: BASE_URL, localStorage: [{ name: COOKIE_CONSENT_STORAGE_KEY, value: ESSENTIAL_ONLY_CONSENT }] },
      ],
    },
  });
  const page = await context.newPage();
  await signUpOverHttp(page, newTestUser(label));
  return { page, id: await userIdOf(page), close: () => context.close() };
}

const today = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function seedHostileCommunity(browser: Browser): Promise<HostileCommunity> {
  const me = await personIn(browser, 'hostile');
  const partner = await personIn(browser, 'partner');
  try {
    await apiAs(me.page, 'PUT', '/api/users/profile', { name: LONG_NAME, phone: '+41791234567', language: 'en' });
    await apiAs(partner.page, 'PUT', '/api/users/profile', {
      name: UNBROKEN_NAME,
      phone: '+41797654321',
      language: 'de',
    });
    await apiAs(me.page, 'POST', '/api/contacts', { contactUserId: partner.id });
    await apiAs(partner.page, 'POST', '/api/contacts', { contactUserId: me.id });
    // Not registered: invited by email, with a name and an address nothing can wrap.
    await apiAs(me.page, 'POST', '/api/contacts', {
      name: UNBROKEN_NAME,
      email: `${exactly(64, 'verylongmailbox')}@${exactly(60, 'subdomain')}.example.com`,
      phone: '+41795550101',
    });

    const group = await apiAs<{ id: string; groupCode: string | null }>(me.page, 'POST', '/api/groups', {
      name: UNBROKEN_NAME,
      description: `${UNBROKEN_WORD} ${LONG_LINK}`,
      location: exactly(100, 'Zürich-Oerlikon-Seebach '),
      maxMembers: 50,
    });
    await apiAs(partner.page, 'POST', `/api/groups/${group.id}/join-requests`, {
      requestMessage: `${UNBROKEN_WORD} 🙏`,
    });

    const description = `${UNBROKEN_WORD}\n${LONG_LINK}\n🚲🏕️`;
    const shared = await apiAs<{ id: string }>(me.page, 'POST', '/api/items', {
      name: UNBROKEN_NAME,
      description,
      category: 'tools',
    });
    const lentOut = await apiAs<{ id: string }>(me.page, 'POST', '/api/items', {
      name: LONG_NAME,
      description,
      category: 'sports',
    });
    const theirs = await apiAs<{ id: string }>(partner.page, 'POST', '/api/items', {
      name: UNBROKEN_NAME,
      description,
      category: 'electronics',
    });
    for (const itemId of [shared.id, lentOut.id]) {
      await apiAs(me.page, 'POST', '/api/permissions', { itemId, contactUserId: partner.id, canView: true });
    }
    await apiAs(partner.page, 'POST', '/api/permissions', { itemId: theirs.id, contactUserId: me.id, canView: true });

    const loan = await apiAs<{ id: string }>(partner.page, 'POST', '/api/lending-requests', {
      itemId: lentOut.id,
      message: `${UNBROKEN_WORD} ${LONG_LINK}`,
      requestedFrom: today(),
      expectedReturnDate: today(),
    });
    await apiAs(me.page, 'PUT', `/api/lending-requests/${loan.id}`, { status: 'accepted' });
    await apiAs(me.page, 'PUT', `/api/lending-requests/${loan.id}`, { status: 'borrowed' });
    // The loan's condition (issue 36): a hand-out note and an open problem, both hostile.
    await apiAs(me.page, 'PUT', `/api/lending-requests/${loan.id}/condition/handover`, {
      note: `${UNBROKEN_WORD} ${LONG_LINK} 🙂`,
    });
    await apiAs(partner.page, 'POST', `/api/lending-requests/${loan.id}/problems`, {
      kind: 'other',
      note: `${UNBROKEN_WORD} ${LONG_LINK}`,
    });
    await apiAs(partner.page, 'POST', '/api/lending-requests', {
      itemId: shared.id,
      message: `🙂 ${UNBROKEN_WORD}`,
      requestedFrom: today(),
      expectedReturnDate: today(),
    });

    // I borrowed their item and brought it back; they thanked me (issue 36): the profile lists it.
    const borrowedBack = await apiAs<{ id: string }>(me.page, 'POST', '/api/lending-requests', {
      itemId: theirs.id,
      message: `${UNBROKEN_WORD} 🙂`,
      requestedFrom: today(),
      expectedReturnDate: today(),
    });
    for (const status of ['accepted', 'borrowed', 'returned']) {
      await apiAs(partner.page, 'PUT', `/api/lending-requests/${borrowedBack.id}`, { status });
    }
    await apiAs(partner.page, 'POST', `/api/lending-requests/${borrowedBack.id}/thanks`, {
      note: `${UNBROKEN_WORD} 🙏`,
    });

    // Lent to someone without an account, with a private loan link (issue 36): the card offers the link's
    // dialog, and the link's page shows the hostile item and note.
    const offApp = await apiAs<{ id: string }>(me.page, 'POST', '/api/items', {
      name: UNBROKEN_NAME,
      description,
      category: 'kitchen',
    });
    const contactList = await apiAs<{ id: string; contactUserId: string | null }[]>(me.page, 'GET', '/api/contacts');
    const unregistered = contactList.find((contact) => contact.contactUserId === null);
    const offAppLoan = await apiAs<{ id: string }>(me.page, 'POST', `/api/items/${offApp.id}/loans`, {
      borrower: { contactId: unregistered?.id },
      lentOn: today(),
      expectedReturnDate: today(),
    });
    await apiAs(me.page, 'PUT', `/api/lending-requests/${offAppLoan.id}/condition/handover`, {
      note: `${UNBROKEN_WORD} ${LONG_LINK}`,
    });
    const madeLink = await apiAs<{ url: string }>(
      me.page,
      'POST',
      `/api/lending-requests/${offAppLoan.id}/borrower-link`,
    );
    await apiAs(me.page, 'POST', `${new URL(madeLink.url).pathname.replace('/loan/', '/api/loan-links/')}/extension`, {
      requestedUntil: today(3),
      message: `${UNBROKEN_WORD} 🙏`,
    });

    // A private calendar feed (issue 35): the profile shows its long link and offers its two dialogs.
    await apiAs(me.page, 'POST', '/api/calendar-feed');

    // A thread far longer than the phone: the blank-page defect grew with every message.
    for (let i = 0; i < 24; i++) {
      const from = i % 3 === 0 ? me : partner;
      const to = from === me ? partner : me;
      const content = i % 4 === 1 ? LONG_LINK : i % 4 === 2 ? `${UNBROKEN_WORD} 🎉` : `Nachricht ${i + 1}: passt das?`;
      await apiAs(from.page, 'POST', '/api/messages', { receiverId: to.id, content });
    }
    await apiAs(me.page, 'POST', '/api/messages', { receiverId: partner.id, content: LONG_LINK });

    return {
      storageState: await me.page.context().storageState(),
      partnerId: partner.id,
      groupId: group.id,
      loanLinkPath: new URL(madeLink.url).pathname,
    };
  } finally {
    await me.close();
    await partner.close();
  }
}
