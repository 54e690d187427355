/** oidc-provider's error for an unknown or expired interaction (its cookie or its stored state is gone). */
export function isExpiredInteraction(error: unknown): boolean {
  return error instanceof Error && /SessionNotFound|interaction session/i.test(`${error.name} ${error.message}`);
}
