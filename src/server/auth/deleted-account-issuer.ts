/**
 * The issuer of anonymous stand-ins (docs/decisions/0015-account-deletion.md).
 * Not a URL: no OpenID provider can ever have it, so no sign-in finds a
 * stand-in by issuer + subject.
 */
export const DELETED_ACCOUNT_ISSUER = 'urn:lendloop:deleted-account';
