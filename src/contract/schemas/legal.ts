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
});
export type OperatorDetails = z.infer<typeof operatorDetailsSchema>;
