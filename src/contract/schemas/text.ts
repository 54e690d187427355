/**
 * Free text must not carry control characters: PostgreSQL refuses NUL
 * outright, and the others only ever arrive by accident or attack. Line
 * breaks and tabs stay allowed for multi-line fields. Written without a
 * regular expression so the intent (control characters, on purpose) is plain.
 */
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

function isControl(code: number): boolean {
  return code <= 0x1f || code === 0x7f;
}

export function hasNoControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isControl(code) && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return false;
  }
  return true;
}

/** For single-line fields (names, titles, paths): no line breaks or tabs either. */
export function isSingleLine(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i))) return false;
  return true;
}

/** Every control character replaced by a space (for text from outside our walls). */
export function replaceControlCharacters(value: string): string {
  let result = '';
  for (let i = 0; i < value.length; i++) result += isControl(value.charCodeAt(i)) ? ' ' : value[i];
  return result;
}
