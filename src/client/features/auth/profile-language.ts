import type { Language } from '@/contract/enums';
import type { User } from '@/contract/schemas/user';
import { toSupportedLanguage } from '../../i18n/languages';

/** Local-storage key: the sign-in (user id and when this browser's session began) whose profile language was applied. */
export const PROFILE_LANGUAGE_APPLIED_KEY = 'lendloop.profileLanguageAppliedFor';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;
type SignedInUser = Pick<User, 'id' | 'language' | 'createdAt' | 'lastLogin' | 'signedInAt'>;

/**
 * The profile language when this page load is the first after this
 * browser's sign-in (spec §4), else null. It claims the sign-in: asked again
 * (the next load, or once more on this one), it answers null.
 *
 * It applies once per sign-in on this browser, on the first page load after
 * it (a sign-in ends with a full page load): the profile language is the
 * person's choice on every device they sign in on. Afterwards the language
 * menu in the header may switch the interface for this browser only (it
 * does not write the profile, which needs a phone number); applying the
 * profile language on every load would undo that choice at the next reload.
 *
 * The sign-in is this browser's session (`signedInAt`), not the person's
 * `lastLogin`: that one moves with a sign-in on any device, and keyed by it,
 * signing in on a phone switched the laptop's language at its next load,
 * over the one chosen there (issue 33, item 12).
 *
 * Not on an account's very first sign-in (createdAt equals lastLogin): its
 * language then is what the server guessed at sign-up (the browser's
 * language, or an issuer's locale), not a choice, and the person has just
 * signed up in the language the interface shows.
 *
 * main.tsx asks it before the translations load when the session's answer
 * came with the HTML, so the first screen loads only the language it shows.
 */
export function profileLanguageOfNewSignIn(user: SignedInUser | null | undefined, storage: Storage): Language | null {
  if (!user?.lastLogin) return null;
  const signIn = `${user.id}|${user.signedInAt}`;
  try {
    if (storage.getItem(PROFILE_LANGUAGE_APPLIED_KEY) === signIn) return null;
    storage.setItem(PROFILE_LANGUAGE_APPLIED_KEY, signIn);
  } catch {
    // Storage refused (private mode, quota): applying on every load is the lesser harm.
  }
  return user.createdAt === user.lastLogin ? null : user.language;
}

/**
 * The language the interface should switch to because the person chose it
 * in their profile (profileLanguageOfNewSignIn), or null to leave it as it is.
 */
export function profileLanguageToApply(
  user: SignedInUser | null | undefined,
  interfaceLanguage: string | undefined,
  storage: Storage,
): Language | null {
  const language = profileLanguageOfNewSignIn(user, storage);
  return language === null || language === toSupportedLanguage(interfaceLanguage) ? null : language;
}

const NO_STORAGE: Storage = { getItem: () => null, setItem: () => undefined };

/** Local storage, or none where reading the property itself throws (storage blocked by the browser). */
export function browserStorage(): Storage {
  try {
    return window.localStorage;
  } catch {
    return NO_STORAGE;
  }
}
