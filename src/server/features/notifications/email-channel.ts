import { renderEmail, type EmailTemplate, type Mailer } from '../../lib/mailer.js';
import { PermanentDeliveryError, type NotificationChannel } from '../../lib/notification-channel.js';

/**
 * Email through the mailer: a row's kind names its template (every `*.emails.ts` template is
 * handed over at wiring), rendered in the row's language at delivery.
 */
export function createEmailChannel(mailer: Pick<Mailer, 'send'>, templates: readonly EmailTemplate<never>[]): NotificationChannel {
  const byKind = new Map(templates.map((template) => [template.kind, template as EmailTemplate<unknown>]));
  return {
    name: 'email',
    async deliver(message) {
      const template = byKind.get(message.kind);
      if (!template) throw new PermanentDeliveryError(`No email template ${message.kind}`);
      if (!message.to.email) throw new PermanentDeliveryError('No email address');
      await mailer.send(renderEmail(template, message.lang, message.payload, message.to.email));
      return { providerMessageId: null };
    },
  };
}
