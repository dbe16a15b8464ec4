import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { configureDataKeys, keyIdOf, parseDataKey, seal, unseal } from './data-crypto.js';

describe('encryption at rest of PANs and bank account numbers', () => {
  it('seals a value so that only the key opens it, and tells tampering', () => {
    const key = randomBytes(32);
    configureDataKeys({ current: key });
    const sealed = seal('ABCDE1234F');
    expect(sealed).toMatch(new RegExp(`^enc1:${keyIdOf(key)}:[A-Za-z0-9_-]+$`));
    expect(sealed).not.toContain('ABCDE1234F');
    expect(seal('ABCDE1234F')).not.toBe(sealed);
    expect(unseal(sealed)).toBe('ABCDE1234F');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => unseal(tampered)).toThrow();
    // A value written before encryption reads as it is (and is sealed at the next start).
    expect(unseal('ABCDE1234F')).toBe('ABCDE1234F');
  });

  it('reads a value of an old key only while that key is configured as old', () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    configureDataKeys({ current: oldKey });
    const sealed = seal('123456789012');
    configureDataKeys({ current: newKey, old: [oldKey] });
    expect(unseal(sealed)).toBe('123456789012');
    configureDataKeys({ current: newKey });
    expect(() => unseal(sealed)).toThrow(/not configured/);
  });

  it('takes a key as base64 or hex, 32 bytes, and nothing else', () => {
    const key = randomBytes(32);
    expect(parseDataKey(key.toString('base64'))?.equals(key)).toBe(true);
    expect(parseDataKey(key.toString('hex'))?.equals(key)).toBe(true);
    for (const bad of ['', 'secret', randomBytes(16).toString('base64'), randomBytes(31).toString('hex')]) expect(parseDataKey(bad)).toBeNull();
  });
});
