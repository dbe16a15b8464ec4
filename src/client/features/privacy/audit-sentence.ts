import en from '../../locales/en/audit.json';
import mr from '../../locales/mr/audit.json';
import type { Language } from '../../../shared/domain';
import { formatRupees } from '../../../shared/money';
import { interpolate } from '../../../shared/texts';
import type { RouterOutputs } from '../../lib/trpc';

type AuditEntry = RouterOutputs['audit']['entries']['entries'][number];

const catalogues = { en, mr };

/**
 * An audit entry as a sentence in the admin's language ("Asha approved Manisha's order for Share
 * Market Basics"): the sentence of its action code (and of the way it went, when that has one of
 * its own), filled with the names the server looked up when the log was read. The one place the
 * log is worded; every action code has a sentence in both languages (audit-wording.test.ts).
 */
export function auditSentence(entry: AuditEntry, lang: Language): string {
  const catalogue = catalogues[lang];
  const sentences: Record<string, string> = catalogue.sentences;
  const { about } = entry;
  const personName = (person: { name: string; erased: boolean } | null) =>
    person ? (person.erased ? catalogue.erasedPerson : person.name) : catalogue.unknownPerson;
  const packageName = about.packageName ?? (about.packageId ? interpolate(catalogue.packageNumber, { id: about.packageId }) : catalogue.unknownPackage);
  const template = (about.variant !== null ? sentences[`${entry.action}:${about.variant}`] : undefined) ?? sentences[entry.action] ?? sentences.other ?? '';
  const sentence = interpolate(template, {
    actor: entry.actor ? personName(entry.actor) : catalogue.system,
    person: personName(about.person),
    package: packageName,
    lecture: about.lectureTitle ?? catalogue.unknownLecture,
    reference: about.reference ?? '',
    amount: about.amountPaise === null ? '' : formatRupees(about.amountPaise),
    count: about.count ?? '',
    action: entry.action,
  });
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
