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

  it('reads the payout and TDS settings: TDS off by default, 2% over ₹20,000, 20% without a PAN, ₹500 minimum', () => {
    expect(loadConfig({})).toMatchObject({
      payoutMinimumPaise: 500_00,
      tds: { enabled: false, rateBp: 200, noPanRateBp: 2000, thresholdPaise: 20_000_00 },
    });
    expect(
      loadConfig({ PAYOUT_MINIMUM_RUPEES: '1000', TDS_ENABLED: 'true', TDS_RATE_PERCENT: '5', TDS_THRESHOLD_RUPEES: '15000', TDS_NO_PAN_RATE_PERCENT: '20.5' }),
    ).toMatchObject({ payoutMinimumPaise: 1000_00, tds: { enabled: true, rateBp: 500, noPanRateBp: 2050, thresholdPaise: 15_000_00 } });
    for (const [name, value] of [['TDS_ENABLED', 'yes'], ['TDS_RATE_PERCENT', '120'], ['TDS_RATE_PERCENT', '2.005'], ['PAYOUT_MINIMUM_RUPEES', '99.5'], ['TDS_THRESHOLD_RUPEES', '-1']]) {
      expect(() => loadConfig({ [name!]: value }), `${name}=${value}`).toThrow(new RegExp(`${name}: `));
    }
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
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
});
