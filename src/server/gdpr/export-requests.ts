import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  groupJoinRequests,
  groups,
  items,
  lendingRequests,
  networkRequestResponses,
  networkRequests,
  users,
} from '../db/schema';
import { iso, jsonArray, keyset, other, pages, person, type PageCursor } from './export-pages';

/** The export's request sections: join requests, lending requests and network requests, each both ways. */

export async function* exportJoinRequests(db: Database, userId: string, size: number): AsyncGenerator<string> {
  const k = keyset(groupJoinRequests.requestedAt, groupJoinRequests.id);
  const load = (where: SQL | undefined) => (after: PageCursor | null, limit: number) =>
    db
      .select({
        request: groupJoinRequests,
        group: { id: groups.id, name: groups.name },
        requester: person(users),
        id: groupJoinRequests.id,
        cursorAt: k.cursorAt,
      })
      .from(groupJoinRequests)
      .innerJoin(groups, eq(groups.id, groupJoinRequests.groupId))
      .innerJoin(users, eq(users.id, groupJoinRequests.userId))
      .where(and(where, k.after(after)))
      .orderBy(...k.orderBy)
      .limit(limit);
  type Row = Awaited<ReturnType<ReturnType<typeof load>>>[number];
  const present = (withRequester: boolean) => (rows: Row[]) =>
    rows.map(({ request, group, requester }) => ({
      group,
      ...(withRequester ? { requester: { name: requester.name, username: requester.username } } : {}),
      status: request.status,
      requestMessage: request.requestMessage,
      adminResponse: request.adminResponse,
      requestedAt: iso(request.requestedAt),
      respondedAt: iso(request.respondedAt),
    }));
  yield '{"yours":';
  yield* jsonArray(pages(size, load(eq(groupJoinRequests.userId, userId))), present(false));
  yield ',"toGroupsYouAdminister":';
  yield* jsonArray(
    pages(size, load(and(eq(groups.adminId, userId), ne(groupJoinRequests.userId, userId)))),
    present(true),
  );
  yield '}';
}

/**
 * Lending requests and loans both ways. A loan outlives its item (ADR 0028):
 * the item's id is then null and its name the one kept in `item_name`. A
 * loan the person recorded for someone without an account has no requester
 * and names the borrower as the person wrote it (`borrowerName`, their own
 * record); a borrower's side never carries the owner's words for them.
 */
export async function* exportLendingRequests(db: Database, userId: string, size: number): AsyncGenerator<string> {
  const k = keyset(lendingRequests.requestedAt, lendingRequests.id);
  const load = (side: 'requester' | 'owner') => (after: PageCursor | null, limit: number) =>
    db
      .select({
        request: lendingRequests,
        itemName: sql<string>`coalesce(${items.name}, ${lendingRequests.itemName})`,
        otherPerson: person(other),
        id: lendingRequests.id,
        cursorAt: k.cursorAt,
      })
      .from(lendingRequests)
      .leftJoin(items, eq(items.id, lendingRequests.itemId))
      .leftJoin(other, eq(other.id, side === 'requester' ? lendingRequests.ownerId : lendingRequests.requesterId))
      .where(
        and(eq(side === 'requester' ? lendingRequests.requesterId : lendingRequests.ownerId, userId), k.after(after)),
      )
      .orderBy(...k.orderBy)
      .limit(limit);
  type Row = Awaited<ReturnType<ReturnType<typeof load>>>[number];
  const present = (otherRole: 'owner' | 'requester') => (rows: Row[]) =>
    rows.map(({ request, itemName, otherPerson }) => ({
      id: request.id,
      item: { id: request.itemId, name: itemName },
      origin: request.origin,
      [otherRole]: otherPerson?.id
        ? { name: otherPerson.name, username: otherPerson.username, deleted: otherPerson.deleted }
        : null,
      ...(otherRole === 'requester' ? { borrowerName: request.borrowerName } : {}),
      status: request.status,
      // As borrower of a recorded loan, the owner's own note is not the person's data (docs/decisions/0028).
      message: otherRole === 'owner' && request.origin === 'recorded' ? null : request.message,
      requestedFrom: request.requestedFrom,
      expectedReturnDate: request.expectedReturnDate,
      lentOn: request.lentOn,
      returnedOn: request.returnedOn,
      ownerResponse: request.ownerResponse,
      requestedAt: iso(request.requestedAt),
      respondedAt: iso(request.respondedAt),
      updatedAt: iso(request.updatedAt),
    }));
  yield '{"asRequester":';
  yield* jsonArray(pages(size, load('requester')), present('owner'));
  yield ',"asOwner":';
  yield* jsonArray(pages(size, load('owner')), present('requester'));
  yield '}';
}

/** The person's network requests with every answer they received. */
export function exportNetworkRequests(db: Database, userId: string, size: number) {
  const k = keyset(networkRequests.createdAt, networkRequests.id);
  return jsonArray(
    pages(size, (after, limit) =>
      db
        .select({ request: networkRequests, id: networkRequests.id, cursorAt: k.cursorAt })
        .from(networkRequests)
        .where(and(eq(networkRequests.requesterId, userId), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    async (rows) => {
      const answers = await db
        .select({ answer: networkRequestResponses, responder: person(users) })
        .from(networkRequestResponses)
        .innerJoin(users, eq(users.id, networkRequestResponses.responderId))
        .where(
          inArray(
            networkRequestResponses.networkRequestId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(networkRequestResponses.createdAt);
      return rows.map(({ request }) => ({
        id: request.id,
        title: request.title,
        description: request.description,
        category: request.category,
        urgency: request.urgency,
        createdAt: iso(request.createdAt),
        answers: answers
          .filter(({ answer }) => answer.networkRequestId === request.id)
          .map(({ answer, responder }) => ({
            responder: { name: responder.name, username: responder.username },
            response: answer.response,
            message: answer.message,
            itemId: answer.itemId,
            createdAt: iso(answer.createdAt),
          })),
      }));
    },
  );
}

/** Answers the person gave to other people's network requests. */
export function exportNetworkAnswers(db: Database, userId: string, size: number) {
  const k = keyset(networkRequestResponses.createdAt, networkRequestResponses.id);
  return jsonArray(
    pages(size, (after, limit) =>
      db
        .select({
          answer: networkRequestResponses,
          request: { id: networkRequests.id, title: networkRequests.title },
          requester: person(users),
          id: networkRequestResponses.id,
          cursorAt: k.cursorAt,
        })
        .from(networkRequestResponses)
        .innerJoin(networkRequests, eq(networkRequests.id, networkRequestResponses.networkRequestId))
        .innerJoin(users, eq(users.id, networkRequests.requesterId))
        .where(and(eq(networkRequestResponses.responderId, userId), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    (rows) =>
      rows.map(({ answer, request, requester }) => ({
        networkRequest: { ...request, requester: { name: requester.name, username: requester.username } },
        response: answer.response,
        message: answer.message,
        itemId: answer.itemId,
        createdAt: iso(answer.createdAt),
      })),
  );
}
