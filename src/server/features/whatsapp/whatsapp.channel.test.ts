import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeWhatsApp, startFakeGraphApi, whatsAppEnv, type FakeGraphApi } from '../../../test/fake-graph-api.js';
import { loadConfig } from '../../config.js';
import { PermanentDeliveryError, type OutgoingMessage } from '../../lib/notification-channel.js';
import { createWhatsAppChannel } from './whatsapp.channel.js';

let fake: FakeGraphApi;
const logged: { details: object; message: string }[] = [];
const log = {
  info: (details: object, message: string) => logged.push({ details, message }),
  warn: (details: object, message: string) => logged.push({ details, message }),
};

beforeAll(async () => {
  fake = await startFakeGraphApi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.calls.length = 0;
  logged.length = 0;
});

function channel(env: Record<string, string> = {}) {
  const settings = loadConfig({ ...whatsAppEnv(fake.url), ...env }).whatsapp!;
  return createWhatsAppChannel(settings, { log });
}

function message(overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    id: 7,
    kind: 'payout-paid',
    lang: 'mr',
    payload: { grossPaise: 1_00_000_00, tdsPaise: 2_000_00, netPaise: 98_000_00 },
    to: { userId: 3, email: 'asha@example.com', whatsappPhone: '9876543210' },
    ...overrides,
  };
}

describe('the WhatsApp channel', () => {
  it('sends the approved template to 91 and the number, with the body parameters, and returns the wamid', async () => {
    const delivered = await channel().deliver(message());
    expect(delivered.providerMessageId).toMatch(/^wamid\./);
    const [call] = fake.sent();
    expect(call?.path).toBe(`/${fakeWhatsApp.phoneNumberId}/messages`);
    expect(call?.authorization).toBe(`Bearer ${fakeWhatsApp.accessToken}`);
    expect(call?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'payout_paid_with_tds',
        language: { code: 'mr' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: '₹1,00,000' },
              { type: 'text', text: '₹2,000' },
              { type: 'text', text: '₹98,000' },
            ],
          },
        ],
      },
    });
  });

  it('uses the template names and language codes of the settings', async () => {
    const settingsChannel = channel({ WHATSAPP_TEMPLATES: 'order-rejected=rejected_v2', WHATSAPP_LANGUAGE_EN: 'en_US' });
    await settingsChannel.deliver(
      message({ kind: 'order-rejected', lang: 'en', payload: { orderId: '41', packageName: 'MPSC Batch', reason: 'The UTR\nis not in the statement' } }),
    );
    const template = fake.sent()[0]?.body.template as { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
    expect(template.name).toBe('rejected_v2');
    expect(template.language.code).toBe('en_US');
    // Meta refuses new lines in a parameter: the reason is sent on one line.
    expect(template.components[0]?.parameters.map((p) => p.text)).toEqual(['MPSC Batch', '41', 'The UTR is not in the statement']);
  });

  it.each([
    ['payment-received', { orderId: '12', packageName: 'Police Bharti', amountPaise: 1_49_900 }, ['Police Bharti', '₹1,499', '12']],
    ['order-approved', { orderId: '12', packageName: 'Police Bharti' }, ['Police Bharti', '12']],
    ['lecture-opened', { packageName: 'Police Bharti', lectureTitle: 'इतिहास 3' }, ['इतिहास 3', 'Police Bharti']],
    [
      'certificate-issued',
      { packageName: 'Police Bharti', certificateNumber: 'MS-2026-0001', verifyUrl: 'https://ms.example/c/abc' },
      ['Police Bharti', 'MS-2026-0001', 'https://ms.example/c/abc'],
    ],
    ['parts-refund-due', { orderId: '12', packageName: 'Police Bharti', amountPaise: 1_00_000_00 }, ['Police Bharti', '12', '₹1,00,000']],
    ['parts-refunded', { orderId: '12', packageName: 'Police Bharti', amountPaise: 899_00 }, ['₹899', 'Police Bharti', '12']],
  ])('fills the %s template', async (kind, payload, expected) => {
    await channel().deliver(message({ kind, payload }));
    const template = fake.sent()[0]?.body.template as { components: { parameters: { text: string }[] }[] };
    expect(template.components[0]?.parameters.map((p) => p.text)).toEqual(expected);
  });

  it.each([
    [131026, 400],
    [132001, 404],
    [132015, 400],
    [131008, 400],
    [190, 401],
  ])('refuses for good when Meta answers code %i (no retry: the outbox falls back to email)', async (code, status) => {
    fake.failNext({ status, code });
    await expect(channel().deliver(message())).rejects.toBeInstanceOf(PermanentDeliveryError);
  });

  it.each([
    [500, 1],
    [503, 2],
    [429, 130429],
    [400, 131048],
  ])('asks for another try on HTTP %i (code %i)', async (status, code) => {
    fake.failNext({ status, code });
    const failure = await channel()
      .deliver(message())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PermanentDeliveryError);
  });

  it('asks for another try when the network fails', async () => {
    const settings = loadConfig(whatsAppEnv('http://127.0.0.1:9')).whatsapp!;
    const failure = await createWhatsAppChannel(settings, { log, timeoutMs: 2000 })
      .deliver(message())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PermanentDeliveryError);
  });

  it('refuses for good without a number, for a kind with no template, or a payload the template cannot use', async () => {
    await expect(channel().deliver(message({ to: { userId: 3, email: null, whatsappPhone: null } }))).rejects.toBeInstanceOf(PermanentDeliveryError);
    await expect(channel().deliver(message({ kind: 'password-reset' }))).rejects.toBeInstanceOf(PermanentDeliveryError);
    await expect(channel().deliver(message({ payload: { grossPaise: 'lots' } }))).rejects.toBeInstanceOf(PermanentDeliveryError);
    expect(fake.sent()).toHaveLength(0);
  });

  it('never logs the token or the number', async () => {
    await channel().deliver(message());
    fake.failNext({ status: 400, code: 131026 });
    await channel()
      .deliver(message())
      .catch(() => undefined);
    const text = JSON.stringify(logged);
    expect(logged.length).toBeGreaterThan(0);
    expect(text).not.toContain(fakeWhatsApp.accessToken);
    expect(text).not.toContain('9876543210');
  });
});
