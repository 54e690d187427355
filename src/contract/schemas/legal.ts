import { z } from 'zod';

/**
 * GET /api/legal/operator (public): who runs this Lendloop instance, for the
 * privacy policy's "data controller" and "contact" sections. Each field is
 * null while the operator has not configured it (OPERATOR_NAME,
 * OPERATOR_ADDRESS, OPERATOR_EMAIL); the policy then says so instead.
 */
export const operatorDetailsSchema = z.object({
  name: z.string().nullable(),
  /** Lines separated by "\n". */
  address: z.string().nullable(),
  email: z.string().nullable(),
  /**
   * The object storage service that keeps photo files, when the operator
   * uses one (S3_BUCKET, docs/decisions/0050): the policy names it as a
   * processor. Null: photos stay in the app's own database.
   */
  photoStorage: z.object({ host: z.string() }).nullable(),
});
export type OperatorDetails = z.infer<typeof operatorDetailsSchema>;
