/**
 * Free text must not carry control characters: PostgreSQL refuses NUL
 * outright, and the others only ever arrive by accident or attack. Line
 * breaks and tabs stay allowed for multi-line fields.
 */
export function hasNoControlCharacters(value: string): boolean {
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value);
}

/** For single-line fields (names, titles): no line breaks or tabs either. */
export function isSingleLine(value: string): boolean {
  return !/[\u0000-\u001f\u007f]/.test(value);
}
