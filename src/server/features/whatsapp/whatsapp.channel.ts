import type { Language } from '../../../shared/domain.js';
import { PermanentDeliveryError, type Delivered, type NotificationChannel, type OutgoingMessage } from '../../lib/notification-channel.js';
import type { WhatsAppSettings } from './whatsapp.settings.js';
import { isWhatsAppKind, templateParameters } from './whatsapp.templates.js';

export type WhatsAppChannelDeps = {
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
  /** Replaced in tests that make the network fail; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** How long one call may take before it counts as a failure to retry. */
  timeoutMs?: number;
};

/**
 * Meta's error codes that another try may mend (throttling, Meta's own trouble). Any other refusal
 * (4xx) is permanent: a number not on WhatsApp (131026), a template missing or paused (132001,
 * 132015), a parameter Meta refuses (131008, 131009, 132000), an expired token (190).
 */
const retryableCodes = new Set([1, 2, 4, 17, 341, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

type GraphError = { error?: { code?: number; error_subcode?: number; message?: string; error_data?: { details?: string } } };
type GraphSent = { messages?: { id?: string }[] };

/**
 * The WhatsApp channel of the notification outbox: each message is an approved utility template
 * sent through the Cloud API (`POST {base}/{phone-number-id}/messages`). Resolves with the `wamid`;
 * throws PermanentDeliveryError when Meta refuses for good (the outbox then sends the email), a plain
 * Error when a later try may work. Neither the token nor the number is ever logged.
 */
export function createWhatsAppChannel(settings: WhatsAppSettings, deps: WhatsAppChannelDeps): NotificationChannel {
  const send = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? 15_000;
  const endpoint = `${settings.apiUrl}/${settings.phoneNumberId}/messages`;

  return {
    name: 'whatsapp',
    async deliver(message: OutgoingMessage): Promise<Delivered> {
      if (!isWhatsAppKind(message.kind)) throw new PermanentDeliveryError(`no WhatsApp template for ${message.kind}`);
      const phone = message.to.whatsappPhone;
      if (!phone || !/^\d{10}$/.test(phone)) throw new PermanentDeliveryError('no 10-digit WhatsApp number');
      const parameters = templateParameters(message.kind, message.payload);
      if (!parameters) throw new PermanentDeliveryError(`the payload is not what the ${message.kind} template needs`);

      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: `91${phone}`,
        type: 'template',
        template: {
          name: settings.templates[message.kind],
          language: { code: settings.languages[message.lang satisfies Language] },
          components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }],
        },
      };
      let response: Response;
      try {
        response = await send(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        deps.log.warn({ outboxId: message.id, kind: message.kind, reason: (error as Error).name }, 'WhatsApp did not answer; the outbox tries again');
        throw new Error('the WhatsApp Cloud API did not answer', { cause: error });
      }
      const answer = (await response.json().catch(() => ({}))) as GraphError & GraphSent;
      if (response.ok) {
        const wamid = answer.messages?.[0]?.id;
        if (!wamid) throw new Error('the WhatsApp Cloud API answered without a message id');
        deps.log.info({ outboxId: message.id, kind: message.kind, wamid }, 'WhatsApp message sent');
        return { providerMessageId: wamid };
      }
      const code = answer.error?.code;
      const described = `WhatsApp refused the message: HTTP ${response.status}${code === undefined ? '' : `, code ${code}`}${answer.error?.message ? ` (${answer.error.message})` : ''}`;
      deps.log.warn({ outboxId: message.id, kind: message.kind, status: response.status, code }, 'WhatsApp refused a message');
      const retry = response.status === 429 || response.status >= 500 || (code !== undefined && retryableCodes.has(code));
      throw retry ? new Error(described) : new PermanentDeliveryError(described);
    },
  };
}
