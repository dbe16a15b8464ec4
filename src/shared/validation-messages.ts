import catalog from './validation-messages.json' with { type: 'json' };

/**
 * Messages for bad input, by key. A zod schema names the key as its message
 * (`z.email({ error: 'EMAIL_INVALID' })`); the server turns it into the request's language.
 * The English texts of the spec are kept word for word. The texts are data
 * (validation-messages.json), as the app's locales are.
 */
export const validationMessages: Readonly<Record<keyof typeof catalog, { readonly en: string; readonly mr: string }>> = catalog;

export type ValidationMessageKey = keyof typeof validationMessages;
