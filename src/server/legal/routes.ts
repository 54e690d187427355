import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorDetailsSchema, type OperatorDetails } from '../../contract/schemas/legal';
import type { OperatorConfig } from '../config/config';
import type { PhotoBucketConfig } from '../config/photo-bucket-config';

/**
 * GET /api/legal/operator: the data controller the privacy policy names.
 * Public, because the policy must be readable before signing in; it only
 * repeats what the operator chose to publish in the configuration.
 */
export const legalRoutes: FastifyPluginAsyncZod<{
  operator: OperatorConfig;
  photoBucket: PhotoBucketConfig | undefined;
}> = async (app, { operator, photoBucket }) => {
  const details: OperatorDetails = {
    name: operator.name,
    address: operator.address,
    email: operator.email,
    // Without an endpoint the SDK talks to AWS S3 itself, at this host.
    photoStorage: photoBucket ? { host: photoBucket.endpoint?.host ?? `s3.${photoBucket.region}.amazonaws.com` } : null,
  };
  app.get(
    '/api/legal/operator',
    { config: { public: true }, schema: { response: { 200: operatorDetailsSchema } } },
    async () => details,
  );
};
