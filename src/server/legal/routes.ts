import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorDetailsSchema, type OperatorDetails } from '../../contract/schemas/legal';
import type { OperatorConfig } from '../config/config';

/**
 * GET /api/legal/operator: the data controller the privacy policy names.
 * Public, because the policy must be readable before signing in; it only
 * repeats what the operator chose to publish in the configuration.
 */
export const legalRoutes: FastifyPluginAsyncZod<{ operator: OperatorConfig }> = async (app, { operator }) => {
  const details: OperatorDetails = { name: operator.name, address: operator.address, email: operator.email };
  app.get(
    '/api/legal/operator',
    { config: { public: true }, schema: { response: { 200: operatorDetailsSchema } } },
    async () => details,
  );
};
