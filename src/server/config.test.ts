import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readEnvironment } from './config.js';

describe('settings', () => {
  it('has a safe default for every setting', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      siteName: 'Marathi Success',
      upiId: undefined,
      upiPayeeName: 'Marathi Success',
      commissionPercent: 10,
      trustProxy: false,
      maxDevicesPerLearner: 2,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.mailFrom).toContain('Marathi Success');
  });

  it('stops with a message that names each bad setting', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', COMMISSION_PERCENT: '140', SMTP_URL: 'http://mail', UPI_ID: 'not a upi id' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT: expected a whole number from 0 to 65535 \(got "eighty"\)/);
      expect(message).toMatch(/COMMISSION_PERCENT: expected a number from 0 to 100/);
      expect(message).toMatch(/SMTP_URL: expected an smtp:\/\/ or smtps:\/\/ address/);
      expect(message).toMatch(/UPI_ID: expected a UPI id/);
    }
  });

  it('reads MAX_DEVICES_PER_LEARNER as a whole number, 0 meaning no limit', () => {
    expect(loadConfig({ MAX_DEVICES_PER_LEARNER: '0' }).maxDevicesPerLearner).toBe(0);
    expect(loadConfig({ MAX_DEVICES_PER_LEARNER: '3' }).maxDevicesPerLearner).toBe(3);
    expect(() => loadConfig({ MAX_DEVICES_PER_LEARNER: 'two' })).toThrow(/MAX_DEVICES_PER_LEARNER: expected a whole number from 0 \(no limit\) to 100/);
    expect(() => loadConfig({ MAX_DEVICES_PER_LEARNER: '-1' })).toThrow(/MAX_DEVICES_PER_LEARNER/);
  });

  it('reads the payout and TDS settings: TDS off by default, 2% over ₹20,000, 20% without a PAN, ₹500 minimum', () => {
    expect(loadConfig({})).toMatchObject({
      payoutMinimumPaise: 500_00,
      tds: { enabled: false, rateBp: 200, noPanRateBp: 2000, thresholdPaise: 20_000_00 },
    });
    expect(
      loadConfig({ PAYOUT_MINIMUM_RUPEES: '1000', TDS_ENABLED: 'true', TDS_RATE_PERCENT: '5', TDS_THRESHOLD_RUPEES: '15000', TDS_NO_PAN_RATE_PERCENT: '20.5' }),
    ).toMatchObject({ payoutMinimumPaise: 1000_00, tds: { enabled: true, rateBp: 500, noPanRateBp: 2050, thresholdPaise: 15_000_00 } });
    for (const [name, value] of [
      ['TDS_ENABLED', 'yes'],
      ['TDS_RATE_PERCENT', '120'],
      ['TDS_RATE_PERCENT', '2.005'],
      ['PAYOUT_MINIMUM_RUPEES', '99.5'],
      ['TDS_THRESHOLD_RUPEES', '-1'],
      ['PAYOUT_MINIMUM_RUPEES', '0x10'],
      ['TDS_THRESHOLD_RUPEES', '1e2'],
      ['PAYOUT_MINIMUM_RUPEES', '1,0,0'],
    ]) {
      expect(() => loadConfig({ [name!]: value }), `${name}=${value}`).toThrow(new RegExp(`${name}: `));
    }
  });

  it('refuses TRUST_PROXY=true, which would let any client choose its IP', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" would trust an X-Forwarded-For that any client can write/);
    expect(() => loadConfig({ TRUST_PROXY: 'TRUE' })).toThrow(/TRUST_PROXY/);
  });

  it('reads TRUST_PROXY as false, a hop count or a list of addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'sometimes' })).toThrow(/TRUST_PROXY/);
  });

  it('reads .env under the real environment, which wins', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'env-'));
    await writeFile(path.join(dir, '.env'), 'PORT=4100\nSITE_NAME="From the file"\n');
    const config = loadConfig(readEnvironment(dir, { SITE_NAME: 'From the environment' }));
    expect(config.port).toBe(4100);
    expect(config.siteName).toBe('From the environment');
  });

  it('keeps the public URL without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://learn.example.in/' }).publicUrl).toBe('https://learn.example.in');
  });
  it('reads the payment and receipt settings: tax invoices need a GSTIN and its state', () => {
    const plain = loadConfig({});
    expect(plain).toMatchObject({ approvalHoursHint: 24, receiptPrefix: 'MS', sellerName: 'Marathi Success', gst: null, upiMerchantCode: undefined });
    const gst = loadConfig({ GSTIN: '27AAPFU0939F1ZV', SELLER_STATE: '27', GST_RATE_PERCENT: '5', UPI_MERCHANT_CODE: '8299', APPROVAL_HOURS_HINT: '6' });
    expect(gst).toMatchObject({ gst: { gstin: '27AAPFU0939F1ZV', sellerState: '27', rateBp: 500 }, upiMerchantCode: '8299', approvalHoursHint: 6 });
    expect(() => loadConfig({ GSTIN: '27AAPFU0939F1ZV' })).toThrow(/SELLER_STATE: expected the two-digit GST state code when GSTIN is set/);
    expect(() => loadConfig({ GSTIN: '27AAPFU0939F1ZV', SELLER_STATE: '29' })).toThrow(/SELLER_STATE: expected 27/);
    expect(() => loadConfig({ GSTIN: 'not a gstin', SELLER_STATE: '27' })).toThrow(/GSTIN: expected a 15-character GSTIN/);
    // A typing mistake in the last character (the GSTN's mod-36 check character) stops the start.
    expect(() => loadConfig({ GSTIN: '27AAPFU0939F1ZX', SELLER_STATE: '27' })).toThrow(/GSTIN: its last character \(the check character\) does not match/);
    expect(() => loadConfig({ RECEIPT_PREFIX: 'MARATHI' })).toThrow(/RECEIPT_PREFIX/);
    expect(() => loadConfig({ UPI_MERCHANT_CODE: '82' })).toThrow(/UPI_MERCHANT_CODE/);
    expect(() => loadConfig({ GST_RATE_PERCENT: '18.005' })).toThrow(/GST_RATE_PERCENT/);
  });

  it('turns the payment gateway on with all three Razorpay settings, and stops on a partial or stray set naming the setting', () => {
    expect(loadConfig({}).gateway).toBeNull();
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_AbCd1234EfGh56', RAZORPAY_KEY_SECRET: 'AbCdEfGh12345678IjKl', RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-1234' };
    expect(loadConfig({ PAYMENT_GATEWAY: 'razorpay', ...keys }).gateway).toEqual({
      provider: 'razorpay',
      keyId: 'rzp_live_AbCd1234EfGh56',
      keySecret: 'AbCdEfGh12345678IjKl',
      webhookSecret: 'webhook-secret-1234',
      apiUrl: 'https://api.razorpay.com',
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const partial = problems({ PAYMENT_GATEWAY: 'razorpay', RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID });
    expect(partial).toContain('RAZORPAY_KEY_SECRET: expected a value when PAYMENT_GATEWAY is razorpay');
    expect(partial).toContain('RAZORPAY_WEBHOOK_SECRET: expected a value when PAYMENT_GATEWAY is razorpay');
    expect(problems({ RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID })).toContain('PAYMENT_GATEWAY: expected razorpay when RAZORPAY_KEY_ID is set');
    expect(problems({ PAYMENT_GATEWAY: 'paytm' })).toContain('PAYMENT_GATEWAY: expected razorpay, or nothing');
    expect(problems({ PAYMENT_GATEWAY: 'razorpay', ...keys, RAZORPAY_KEY_ID: 'live_key' })).toContain('RAZORPAY_KEY_ID: expected the key id');
    // Only this machine may be reached over plain http (the tests' fake gateway).
    expect(problems({ PAYMENT_GATEWAY: 'razorpay', ...keys, RAZORPAY_API_URL: 'http://evil.example.com' })).toContain(
      'RAZORPAY_API_URL: expected an https:// address',
    );
    expect(loadConfig({ PAYMENT_GATEWAY: 'razorpay', ...keys, RAZORPAY_API_URL: 'http://127.0.0.1:4010' }).gateway?.apiUrl).toBe('http://127.0.0.1:4010');
  });

  it('turns WhatsApp on with all four WHATSAPP_ keys, and stops on a partial set naming the missing one', () => {
    expect(loadConfig({}).whatsapp).toBeNull();
    const keys = {
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_ACCESS_TOKEN: 'EAAGm0PX4ZCpsBAKZCZCtoken1234567890',
      WHATSAPP_APP_SECRET: '0123456789abcdef0123456789abcdef',
      WHATSAPP_WEBHOOK_VERIFY_TOKEN: 'a phrase we chose',
    };
    const whatsapp = loadConfig(keys).whatsapp;
    expect(whatsapp).toMatchObject({
      phoneNumberId: '106540352242922',
      apiUrl: 'https://graph.facebook.com/v27.0',
      languages: { mr: 'mr', en: 'en' },
      messagePriceCentipaise: 1150,
    });
    expect(whatsapp?.templates['payout-paid']).toBe('payout_paid_with_tds');
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const partial = problems({ WHATSAPP_PHONE_NUMBER_ID: keys.WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET: keys.WHATSAPP_APP_SECRET });
    expect(partial).toContain('WHATSAPP_ACCESS_TOKEN: expected a value when WHATSAPP_PHONE_NUMBER_ID is set');
    expect(partial).toContain('WHATSAPP_WEBHOOK_VERIFY_TOKEN: expected a value');
    expect(partial).not.toContain('WHATSAPP_APP_SECRET:');
    expect(problems({ ...keys, WHATSAPP_API_URL: 'http://graph.example.com/v27.0' })).toContain('WHATSAPP_API_URL: expected an https:// address');
    expect(loadConfig({ ...keys, WHATSAPP_API_URL: 'http://127.0.0.1:4011' }).whatsapp?.apiUrl).toBe('http://127.0.0.1:4011');
    expect(
      loadConfig({ ...keys, WHATSAPP_TEMPLATES: 'order-approved=access_v2', WHATSAPP_LANGUAGE_EN: 'en_US', WHATSAPP_MESSAGE_PRICE_PAISE: '12' }).whatsapp,
    ).toMatchObject({
      templates: { 'order-approved': 'access_v2', 'order-rejected': 'payment_rejected_reason' },
      languages: { en: 'en_US' },
      messagePriceCentipaise: 1200,
    });
    expect(problems({ ...keys, WHATSAPP_TEMPLATES: 'welcome=hello' })).toContain('WHATSAPP_TEMPLATES: expected kind=template_name pairs');
    expect(problems({ ...keys, WHATSAPP_LANGUAGE_MR: 'Marathi' })).toContain('WHATSAPP_LANGUAGE_MR: expected a language code');
    expect(problems({ ...keys, WHATSAPP_MESSAGE_PRICE_PAISE: '11.555' })).toContain('WHATSAPP_MESSAGE_PRICE_PAISE: expected paise per message');
    const secrets = problems({ ...keys, WHATSAPP_ACCESS_TOKEN: 'bad token!', WHATSAPP_WEBHOOK_VERIFY_TOKEN: 'short' });
    expect(secrets).toContain('WHATSAPP_ACCESS_TOKEN:');
    expect(secrets).not.toContain('bad token!');
    expect(secrets).not.toContain('"short"');
  });

  it('never repeats a secret setting’s value in its message', () => {
    const message = (() => {
      try {
        loadConfig({
          PAYMENT_GATEWAY: 'razorpay',
          RAZORPAY_KEY_ID: 'rzp_live_AbCd1234EfGh56',
          RAZORPAY_KEY_SECRET: 'short!',
          RAZORPAY_WEBHOOK_SECRET: 'tiny',
          SMTP_URL: 'http://user:hunter2@mail',
        });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain('RAZORPAY_KEY_SECRET:');
    expect(message).toContain('SMTP_URL:');
    expect(message).not.toContain('short!');
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('"tiny"');
  });

  it('reads the data encryption key as 32 bytes of base64 or hex, and never repeats it', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ DATA_ENCRYPTION_KEY: key }).dataEncryption.key?.length).toBe(32);
    expect(loadConfig({}).dataEncryption).toEqual({ key: null, oldKeys: [] });
    let message = '';
    try {
      loadConfig({ DATA_ENCRYPTION_KEY: 'my-secret-words' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('DATA_ENCRYPTION_KEY: expected 32 random bytes as base64');
    expect(message).not.toContain('my-secret-words');
  });
});
