import type { z } from 'zod';
import type { createGroupSchema } from '../../contract/schemas/group';
import type { Database } from '../db/client';
import { groupMembers, groups } from '../db/schema';
import type { Actor } from '../policies';
import { generateGroupCode, isGroupCodeClash } from './group-code';
import { findGroup, type GroupRow } from './group-query';

const CODE_ATTEMPTS = 5;

/**
 * Creates a group; the creator becomes its admin and first member, in one transaction.
 *
 * Kept in PostgreSQL too: path_holds via item_contact_shares_follow_contacts, item_group_shares_follow_members, item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql); see docs/database-rules.md.
 * Kept in PostgreSQL too: member_count via groups_count_members_added, groups_count_members_removed, groups_count_members_moved (drizzle/0023_groups_member_count.sql); see docs/database-rules.md.
 */
export async function createGroup(
  db: Database,
  actor: Actor,
  input: z.output<typeof createGroupSchema>,
): Promise<GroupRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      const id = await db.transaction(async (tx) => {
        const [group] = await tx
          .insert(groups)
          .values({ ...input, groupCode: generateGroupCode(), adminId: actor.id })
          .returning({ id: groups.id });
        if (!group) throw new Error('The new group was not returned');
        await tx.insert(groupMembers).values({ groupId: group.id, userId: actor.id, role: 'admin' });
        return group.id;
      });
      const row = await findGroup(db, actor.id, id);
      if (!row) throw new Error('The new group could not be read back');
      return row;
    } catch (error) {
      // A clash among 10^10 codes is rare; a fresh code settles it.
      if (attempt < CODE_ATTEMPTS && isGroupCodeClash(error)) continue;
      throw error;
    }
  }
}
