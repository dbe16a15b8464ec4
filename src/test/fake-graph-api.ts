/**
 * A local stand-in for Meta's Graph API as the WhatsApp Cloud API documents it: `POST
 * /{phone-number-id}/messages` with a Bearer token answers `{ messaging_product, contacts: [{ input,
 * wa_id }], messages: [{ id: 'wamid.…' }] }`, or Meta's error shape when told to fail; and the
 * webhooks Meta sends (delivery statuses, a learner's text), signed as Meta signs them:
 * `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app secret, hex>`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const fakeWhatsApp = {
  phoneNumberId: '106540352242922',
  displayNumber: '15550783881',
  accessToken: 'EAAFakeSystemUserToken0123456789abcdef',
  appSecret: 'fakeappsecret0123456789abcdef012',
  verifyToken: 'verify-me-please-0123',
  businessAccountId: '102290129340398',
};

/** The settings that point the app at a fake Graph API. */
export function whatsAppEnv(apiUrl: string): Record<string, string> {
  return {
    WHATSAPP_PHONE_NUMBER_ID: fakeWhatsApp.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: fakeWhatsApp.accessToken,
    WHATSAPP_APP_SECRET: fakeWhatsApp.appSecret,
    WHATSAPP_WEBHOOK_VERIFY_TOKEN: fakeWhatsApp.verifyToken,
    WHATSAPP_API_URL: apiUrl,
  };
}

export type ReceivedCall = { method: string; path: string; authorization: string | undefined; body: Record<string, unknown> };
/** How the next sends fail: an HTTP status and Meta's error code, as its error answers carry them. */
type Failure = { status: number; code?: number; message?: string };

export function signWebhook(body: string, secret = fakeWhatsApp.appSecret): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export type FakeGraphApi = Awaited<ReturnType<typeof startFakeGraphApi>>;

export async function startFakeGraphApi() {
  const calls: ReceivedCall[] = [];
  const failures: Failure[] = [];
  let down = false;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>) : {};
      } catch {
        return send(400, { error: { message: 'Invalid JSON', type: 'OAuthException', code: 100, fbtrace_id: 'AFake' } });
      }
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      calls.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
      if (down) return send(503, { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2, fbtrace_id: 'AFake' } });
      if (request.headers.authorization !== `Bearer ${fakeWhatsApp.accessToken}`) {
        return send(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190, fbtrace_id: 'AFake' } });
      }
      if (request.method !== 'POST' || path !== `/${fakeWhatsApp.phoneNumberId}/messages`) {
        return send(400, { error: { message: 'Unsupported post request.', type: 'GraphMethodException', code: 100, fbtrace_id: 'AFake' } });
      }
      const failure = failures.shift();
      if (failure) {
        return send(failure.status, {
          error: { message: failure.message ?? `(#${String(failure.code)})`, type: 'OAuthException', code: failure.code, fbtrace_id: 'AFake' },
        });
      }
      const template = body.template as { name?: unknown; language?: { code?: unknown } } | undefined;
      if (
        body.messaging_product !== 'whatsapp' ||
        body.type !== 'template' ||
        typeof template?.name !== 'string' ||
        typeof template.language?.code !== 'string'
      ) {
        return send(400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id: 'AFake' } });
      }
      const to = String(body.to);
      send(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: `wamid.${randomBytes(24).toString('base64url')}` }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function envelope(value: Record<string, unknown>) {
    return {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: fakeWhatsApp.businessAccountId,
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: fakeWhatsApp.displayNumber, phone_number_id: fakeWhatsApp.phoneNumberId },
                ...value,
              },
              field: 'messages',
            },
          ],
        },
      ],
    };
  }

  /** Posts a webhook to the app as Meta does (signed with the app secret unless another secret, or none, is given). */
  async function post(appUrl: string, payload: unknown, options: { secret?: string; unsigned?: boolean } = {}) {
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!options.unsigned) headers['x-hub-signature-256'] = signWebhook(body, options.secret);
    const response = await fetch(`${appUrl}/webhooks/whatsapp`, { method: 'POST', headers, body });
    return { status: response.status, text: await response.text() };
  }

  return {
    url,
    calls,
    /** The messages sent, in order (what the app posted to /{phone-number-id}/messages). */
    sent: () => calls.filter((call) => call.path.endsWith('/messages')),
    /** The next sends fail, one per failure given, as Meta answers them. */
    failNext(...next: Failure[]) {
      failures.push(...next);
    },
    setDown(value: boolean) {
      down = value;
    },
    envelope,
    post,
    /** A delivery status for a sent message (`failed` with Meta's error code). */
    sendStatus(
      appUrl: string,
      wamid: string,
      status: 'sent' | 'delivered' | 'read' | 'failed',
      options: { to?: string; at?: number; code?: number; secret?: string } = {},
    ) {
      const statusEntry: Record<string, unknown> = {
        id: wamid,
        status,
        timestamp: String(Math.floor((options.at ?? Date.now()) / 1000)),
        recipient_id: options.to ?? '919876543210',
      };
      if (status === 'failed') {
        statusEntry.errors = [{ code: options.code ?? 131026, title: 'Message undeliverable', message: 'Message undeliverable' }];
      } else {
        statusEntry.pricing = { billable: true, pricing_model: 'PMP', category: 'utility' };
      }
      return post(appUrl, envelope({ statuses: [statusEntry] }), options);
    },
    /** A text a learner sends to the business number (`from` with the country code, as Meta gives it). */
    sendText(appUrl: string, from: string, text: string, options: { secret?: string } = {}) {
      return post(
        appUrl,
        envelope({
          contacts: [{ profile: { name: 'Learner' }, wa_id: from }],
          messages: [
            {
              from,
              id: `wamid.${randomBytes(24).toString('base64url')}`,
              timestamp: String(Math.floor(Date.now() / 1000)),
              type: 'text',
              text: { body: text },
            },
          ],
        }),
        options,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
