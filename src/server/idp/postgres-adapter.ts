import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/client';
import { idpPayloads } from '../db/schema';

/** Expired rows are swept on every Nth write: no background job, and the table stays small. */

/** The models a grant revocation removes (as oidc-provider's reference memory adapter does). */
const GRANTABLE_MODELS = [
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
];
const SWEEP_EVERY_N_WRITES = 100;

/**
 * oidc-provider's storage interface on PostgreSQL (table idp_payloads). One
 * adapter instance per model name (Session, Interaction, AuthorizationCode,
 * Grant, …), as oidc-provider constructs them.
 */
export function postgresAdapterFor(db: Database): new (model: string) => Adapter {
  let writes = 0;

  return class PostgresAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const values = {
        payload,
        // A rewritten entry starts unconsumed, like the reference adapter's.
        consumedAt: null,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(idpPayloads)
        .values({ model: this.model, id, ...values })
        .onConflictDoUpdate({ target: [idpPayloads.model, idpPayloads.id], set: values });
      writes += 1;
      if (writes % SWEEP_EVERY_N_WRITES === 0) {
        await db.delete(idpPayloads).where(lt(idpPayloads.expiresAt, new Date()));
      }
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(idpPayloads.id, id));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(idpPayloads.uid, uid));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(idpPayloads.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(idpPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(idpPayloads.model, this.model), eq(idpPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(idpPayloads).where(and(eq(idpPayloads.model, this.model), eq(idpPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      // Tokens and codes of the grant only: an interaction in flight keeps its state.
      await db
        .delete(idpPayloads)
        .where(and(eq(idpPayloads.grantId, grantId), inArray(idpPayloads.model, GRANTABLE_MODELS)));
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(idpPayloads)
        .where(
          and(
            eq(idpPayloads.model, this.model),
            condition,
            or(isNull(idpPayloads.expiresAt), gt(idpPayloads.expiresAt, new Date())),
          ),
        )
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }
  };
}
