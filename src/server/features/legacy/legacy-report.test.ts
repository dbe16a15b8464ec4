import { describe, expect, it } from 'vitest';
import { emptyCounts, Problems, renderReport } from './legacy-report.js';

describe('the import report', () => {
  it('lists the first 50 faults of a broken export and says how many more there were; other problems are all listed', () => {
    const problems = new Problems();
    for (let i = 1; i <= 60; i += 1) problems.add('fault', `users.json record ${i}`, 'has no email');
    problems.add('warning', 'courses.json 1', 'has no picture: the default picture is used');
    const listed = problems.reported();
    expect(listed.filter((problem) => problem.level === 'fault')).toHaveLength(51);
    expect(listed.at(-1)).toEqual({ level: 'fault', where: 'export', message: '10 more faults not listed' });
    expect(listed).toContainEqual({ level: 'warning', where: 'courses.json 1', message: 'has no picture: the default picture is used' });

    const text = renderReport({
      dir: '/export',
      dryRun: false,
      at: Date.UTC(2026, 10, 23),
      refused: true,
      nothingNew: false,
      counts: emptyCounts(),
      problems: listed,
    });
    expect(text).toContain('The export cannot be imported, so nothing was changed.');
    expect(text).toContain('  FAULT: users.json record 50: has no email');
    expect(text).not.toContain('users.json record 51');
    expect(text).toContain('  FAULT: export: 10 more faults not listed');
  });

  it('adds no line when every fault is listed', () => {
    const problems = new Problems();
    for (let i = 1; i <= 50; i += 1) problems.add('fault', `users.json record ${i}`, 'has no email');
    expect(problems.reported()).toHaveLength(50);
  });
});
