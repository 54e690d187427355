/**
 * Avatar initials (spec §2): first letters of the first two words of the
 * name; else the first two letters of the name or the username; else "U".
 * Works on code points, so a name starting with an emoji or an accented
 * letter is not cut in half.
 */
export function getAvatarInitials(name: string | null | undefined, username?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const [first, second] = words;
  if (first && second) {
    return (firstChar(first) + firstChar(second)).toLocaleUpperCase();
  }
  const single = first ?? (username ?? '').trim();
  if (single) return Array.from(single).slice(0, 2).join('').toLocaleUpperCase();
  return 'U';
}

function firstChar(word: string): string {
  return Array.from(word)[0] ?? '';
}
