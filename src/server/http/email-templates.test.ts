import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailTemplates } from './email-templates.js';

const featuresDir = path.join(import.meta.dirname, '../features');

describe('the email channel’s templates', () => {
  it('hold every feature’s *.emails.ts template, each under its own kind', async () => {
    const files = (await readdir(featuresDir, { recursive: true })).filter((file) => file.endsWith('.emails.ts'));
    expect(files.length).toBeGreaterThan(0);
    const kinds: string[] = [];
    for (const file of files) {
      const module = (await import(path.join(featuresDir, file))) as Record<string, { kind: string }>;
      kinds.push(...Object.values(module).map((template) => template.kind));
    }
    expect(emailTemplates.map((template) => template.kind).sort()).toEqual(kinds.sort());
    expect(new Set(kinds).size).toBe(kinds.length);
  });
});
