import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePng } from '../../../test/images.js';
import { startTestApp } from '../../../test/test-app.js';
import { ConfigError, loadConfig } from '../../config.js';

const dir = mkdtempSync(path.join(tmpdir(), 'certificate-settings-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the learning settings', () => {
  it('default to showing right answers once passed, the seller (or site) as signer, and no signature picture', () => {
    const config = loadConfig({ SITE_NAME: 'Shiksha', SELLER_NAME: 'Shiksha Pvt Ltd' });
    expect(config.quizShowAnswers).toBe('passed');
    expect(config.certificate).toEqual({ signer: 'Shiksha Pvt Ltd', signatureImage: null });
    expect(loadConfig({ SITE_NAME: 'Shiksha', CERTIFICATE_SIGNER: 'Asha Deshmukh' }).certificate.signer).toBe('Asha Deshmukh');
  });

  it('stop the start naming the setting: an unknown answer rule, a missing signature file', () => {
    expect(() => loadConfig({ QUIZ_SHOW_ANSWERS: 'sometimes' })).toThrow(ConfigError);
    expect(() => loadConfig({ QUIZ_SHOW_ANSWERS: 'sometimes' })).toThrow(/QUIZ_SHOW_ANSWERS: expected always/);
    expect(() => loadConfig({ CERTIFICATE_SIGNATURE_IMAGE: path.join(dir, 'missing.png') })).toThrow(/CERTIFICATE_SIGNATURE_IMAGE: expected the path/);
  });

  it('refuse at start a signature file that is not a picture, and start with one that is', async () => {
    const text = path.join(dir, 'signature.png');
    writeFileSync(text, 'not a picture at all');
    await expect(startTestApp({ env: { CERTIFICATE_SIGNATURE_IMAGE: text } })).rejects.toThrow(/CERTIFICATE_SIGNATURE_IMAGE: expected a PNG or JPEG picture/);
    const picture = path.join(dir, 'real.png');
    writeFileSync(picture, await makePng(300, 100));
    const app = await startTestApp({ env: { CERTIFICATE_SIGNATURE_IMAGE: picture }, build: { dripEmails: false } });
    await app.close();
  });
});
