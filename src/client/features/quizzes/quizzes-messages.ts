import en from '../../locales/en/quizzes.json';
import mr from '../../locales/mr/quizzes.json';
import { defineMessages } from '../../lib/i18n';

export const useQuizzesMessages = defineMessages({ en, mr });

/** A text written in Marathi and/or English, in the reader's language where it exists, else the other. */
export function inLanguage(lang: 'en' | 'mr', texts: { textEn: string | null; textMr: string | null }): string {
  return (lang === 'mr' ? (texts.textMr ?? texts.textEn) : (texts.textEn ?? texts.textMr)) ?? '';
}
