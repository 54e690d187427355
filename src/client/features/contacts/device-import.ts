import type { ContactFormInput } from '@/contract/schemas/contact';
import { normalizeImportedPhone, phoneSchema } from '@/contract/schemas/phone';
import { optionalEmailSchema } from '@/contract/schemas/profile';
import { displayNameSchema } from '@/contract/schemas/user';

/** One entry as the Contact Picker API returns it: every property is a list. */
export interface PickedContact {
  name?: string[];
  tel?: string[];
  email?: string[];
}

/** A picked contact that can be imported: a valid name and at least one usable number. */
export interface ImportCandidate {
  /** Position in the picker's answer; stable key for the number choice. */
  id: string;
  name: string;
  /** Usable numbers in international format, duplicates removed. */
  phones: string[];
  /** First valid address, or '' for none. */
  email: string;
}

export interface ImportPlan {
  candidates: ImportCandidate[];
  /** Contacts lacking a name or a usable phone number (spec §5 Device import). */
  skipped: number;
}

/** The chosen number per candidate id. */
export type NumberChoices = Record<string, string>;

function firstValid<T>(values: readonly string[] | undefined, parse: (value: string) => T | null): T | null {
  for (const value of values ?? []) {
    const parsed = parse(value);
    if (parsed !== null) return parsed;
  }
  return null;
}

function usablePhones(numbers: readonly string[] | undefined): string[] {
  const phones = new Set<string>();
  for (const raw of numbers ?? []) {
    const result = phoneSchema.safeParse(normalizeImportedPhone(raw));
    if (result.success) phones.add(result.data);
  }
  return [...phones];
}

/**
 * Splits what the picker returned into importable candidates and a count of
 * skipped ones. Numbers go through the import normalisation of spec §5 and
 * must then pass the phone rule; an invalid email is dropped, not fatal.
 */
export function planImport(picked: readonly PickedContact[]): ImportPlan {
  const candidates: ImportCandidate[] = [];
  let skipped = 0;
  picked.forEach((contact, index) => {
    const name = firstValid(contact.name, (value) => {
      const result = displayNameSchema.safeParse(value);
      return result.success ? result.data : null;
    });
    const phones = usablePhones(contact.tel);
    if (name === null || phones.length === 0) {
      skipped += 1;
      return;
    }
    const email = firstValid(contact.email, (value) => {
      const result = optionalEmailSchema.safeParse(value);
      return result.success ? result.data : null;
    });
    candidates.push({ id: String(index), name, phones, email: email ?? '' });
  });
  return { candidates, skipped };
}

/** Contacts with several numbers need the person to pick one. */
export function needsNumberChoice(candidate: ImportCandidate): boolean {
  return candidate.phones.length > 1;
}

/** Preselects each candidate's first number. */
export function initialNumberChoices(candidates: readonly ImportCandidate[]): NumberChoices {
  return Object.fromEntries(candidates.map((candidate) => [candidate.id, candidate.phones[0] ?? '']));
}

/** The create-contact body for a candidate: the chosen number when it is one of its own, else the first. */
export function toContactInput(candidate: ImportCandidate, choices: NumberChoices): ContactFormInput {
  const chosen = choices[candidate.id];
  const phone = chosen !== undefined && candidate.phones.includes(chosen) ? chosen : (candidate.phones[0] ?? '');
  return { name: candidate.name, phone, email: candidate.email };
}

export interface ImportResult {
  imported: number;
  skipped: number;
}

/**
 * Creates the contacts one after the other; any failure (duplicate, rate
 * limit, network) counts as skipped, on top of those the plan skipped.
 */
export async function importCandidates(
  plan: ImportPlan,
  choices: NumberChoices,
  create: (input: ContactFormInput) => Promise<unknown>,
): Promise<ImportResult> {
  let imported = 0;
  let skipped = plan.skipped;
  for (const candidate of plan.candidates) {
    try {
      await create(toContactInput(candidate, choices));
      imported += 1;
    } catch {
      skipped += 1;
    }
  }
  return { imported, skipped };
}

export type PickerFailure = 'notSupported' | 'accessDenied' | 'failed';

/** Spec §8 Import: NotSupportedError → not supported, NotAllowedError → access denied, else generic. */
export function classifyPickerError(error: unknown): PickerFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotSupportedError') return 'notSupported';
  if (name === 'NotAllowedError') return 'accessDenied';
  return 'failed';
}
