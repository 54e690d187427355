import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  itemPhotos,
  items,
  lendingRequests,
  loanLinks,
  loanReports,
  loanReturnAssessments,
  loanThanks,
} from '../db/schema';
import type { PhotoStore } from '../photos/photo-store';
import { iso, jsonArray, keyset, pages, type PageCursor } from './export-pages';

/**
 * The export's loan condition records (issue 36, docs/decisions/0048): what
 * the person wrote about a loan (the condition at hand-out or return, a
 * problem) with their photos' bytes. One page of records at a time, their
 * photos read in one statement per page.
 */
export function exportLoanReports(
  db: Database,
  userId: string,
  size: number,
  photoStore: PhotoStore,
): AsyncGenerator<string> {
  const k = keyset(loanReports.createdAt, loanReports.id);
  return jsonArray(
    pages(size, (after: PageCursor | null, limit: number) =>
      db
        .select({
          report: loanReports,
          itemName: sql<string>`COALESCE(${items.name}, ${lendingRequests.itemName})`,
          id: loanReports.id,
          cursorAt: k.cursorAt,
        })
        .from(loanReports)
        .innerJoin(lendingRequests, eq(lendingRequests.id, loanReports.lendingRequestId))
        .leftJoin(items, eq(items.id, lendingRequests.itemId))
        .where(and(eq(loanReports.authorId, userId), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    async (rows) => {
      const photos = await db
        .select()
        .from(itemPhotos)
        .where(
          inArray(
            itemPhotos.reportId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(itemPhotos.reportId), asc(itemPhotos.position));
      const values = [];
      for (const { report, itemName } of rows) {
        const own = [];
        for (const photo of photos.filter((p) => p.reportId === report.id)) {
          const bytes = await photoStore.read(photo.id, 'full');
          if (!bytes) continue; // deleted while the export ran
          own.push({
            id: photo.id,
            contentType: photo.contentType,
            width: photo.width,
            height: photo.height,
            createdAt: iso(photo.createdAt),
            dataBase64: bytes.toString('base64'),
          });
        }
        values.push({
          loanId: report.lendingRequestId,
          item: itemName,
          kind: report.kind,
          problem: report.problem,
          note: report.note,
          createdAt: iso(report.createdAt),
          updatedAt: iso(report.updatedAt),
          settledAt: iso(report.settledAt),
          photos: own,
        });
      }
      return values;
    },
  );
}

/**
 * How lent items came back (issue 36): the owner's word on loans the person
 * lent, and on loans they borrowed, the word they answered and their answer.
 */
export function exportReturnAssessments(db: Database, userId: string, size: number): AsyncGenerator<string> {
  const k = keyset(loanReturnAssessments.assessedAt, loanReturnAssessments.lendingRequestId);
  return jsonArray(
    pages(size, (after: PageCursor | null, limit: number) =>
      db
        .select({
          assessment: loanReturnAssessments,
          itemName: sql<string>`COALESCE(${items.name}, ${lendingRequests.itemName})`,
          lent: sql<boolean>`${lendingRequests.ownerId} = ${userId}`,
          id: loanReturnAssessments.lendingRequestId,
          cursorAt: k.cursorAt,
        })
        .from(loanReturnAssessments)
        .innerJoin(lendingRequests, eq(lendingRequests.id, loanReturnAssessments.lendingRequestId))
        .leftJoin(items, eq(items.id, lendingRequests.itemId))
        .where(and(or(eq(lendingRequests.ownerId, userId), eq(lendingRequests.requesterId, userId)), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    (rows) =>
      rows.map(({ assessment, itemName, lent }) => ({
        loanId: assessment.lendingRequestId,
        item: itemName,
        role: lent ? 'owner' : 'borrower',
        outcome: assessment.outcome,
        note: assessment.note,
        assessedAt: iso(assessment.assessedAt),
        borrowerAnswer: assessment.answer,
        answeredAt: iso(assessment.answeredAt),
      })),
  );
}

/**
 * Thanks (issue 36): those the person gave and those they received, with
 * whether they hid each they received. The other person is named by the
 * loan's id only: their name is theirs.
 */
export function exportThanks(db: Database, userId: string, size: number): AsyncGenerator<string> {
  const k = keyset(loanThanks.createdAt, loanThanks.id);
  return jsonArray(
    pages(size, (after: PageCursor | null, limit: number) =>
      db
        .select({ thanks: loanThanks, id: loanThanks.id, cursorAt: k.cursorAt })
        .from(loanThanks)
        .where(and(or(eq(loanThanks.fromUserId, userId), eq(loanThanks.toUserId, userId)), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    (rows) =>
      rows.map(({ thanks }) => ({
        loanId: thanks.lendingRequestId,
        direction: thanks.fromUserId === userId ? 'given' : 'received',
        thankedFor: thanks.thankedFor,
        note: thanks.note,
        hidden: thanks.toUserId === userId ? thanks.hidden : undefined,
        createdAt: iso(thanks.createdAt),
      })),
  );
}

/**
 * The private links of loans the person lent (issue 36, docs/decisions/0049):
 * when each was made or turned off and what its holder said through it.
 * Never the link: only its hash is kept, and the hash opens nothing.
 */
export function exportLoanLinks(db: Database, userId: string, size: number): AsyncGenerator<string> {
  const k = keyset(loanLinks.createdAt, loanLinks.lendingRequestId);
  return jsonArray(
    pages(size, (after: PageCursor | null, limit: number) =>
      db
        .select({ link: loanLinks, id: loanLinks.lendingRequestId, cursorAt: k.cursorAt })
        .from(loanLinks)
        .innerJoin(lendingRequests, eq(lendingRequests.id, loanLinks.lendingRequestId))
        .where(and(eq(lendingRequests.ownerId, userId), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    (rows) =>
      rows.map(({ link }) => ({
        loanId: link.lendingRequestId,
        createdAt: iso(link.createdAt),
        revokedAt: iso(link.revokedAt),
        handoverConfirmedAt: iso(link.handoverConfirmedAt),
        returnReportedAt: iso(link.returnReportedAt),
        extensionUntil: link.extensionUntil,
        extensionNote: link.extensionNote,
        extensionAnswer: link.extensionAnswer,
      })),
  );
}
