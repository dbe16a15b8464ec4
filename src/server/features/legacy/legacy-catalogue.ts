import { eq, max } from 'drizzle-orm';
import { lectures, packages } from '../../db/schema.js';
import { rupeesToPaise } from '../../../shared/money.js';
import { normaliseVideoLink } from '../../../shared/video-links.js';
import { mappedId, remember } from './legacy-ids.js';
import type { PreparedImage } from './legacy-package-pictures.js';
import { dateOf, idText, tierOf } from './legacy-records.js';
import type { ImportRun } from './legacy-run.js';

/** What the admin screen lets a package's description hold. */
const MAX_DESCRIPTION_LENGTH = 5000;

/**
 * Packages, with their pictures re-encoded beforehand.
 * Returns each legacy course's package here.
 */
export function importPackages(run: ImportRun, images: Map<string, PreparedImage>): Map<string, number> {
  const { tx, data, now, problems, counts } = run;
  const packageOf = new Map<string, number>();
  for (const course of data.courses) {
    if (packageOf.has(course._id)) {
      problems.add('warning', `courses.json ${course._id}`, 'appears twice in the export: the second copy is ignored');
      continue;
    }
    const known = mappedId(tx, 'package', course._id);
    if (known !== undefined) {
      counts.packagesAlreadyThere += 1;
      if (tx.select({ id: packages.id }).from(packages).where(eq(packages.id, known)).get()) packageOf.set(course._id, known);
      else
        problems.add(
          'note',
          `courses.json ${course._id} (${course.name})`,
          'was deleted here after an earlier import: not imported again, nor its lectures and purchases',
        );
      continue;
    }
    const image = images.get(course._id)!;
    const description = course.description?.trim() ?? '';
    if (description.length > MAX_DESCRIPTION_LENGTH) {
      problems.add(
        'warning',
        `courses.json ${course._id} (${course.name})`,
        `description of ${description.length} characters is cut to the ${MAX_DESCRIPTION_LENGTH} a package may have: check it on the admin screen`,
      );
    }
    const row = tx
      .insert(packages)
      .values({
        name: course.name,
        description: description.slice(0, MAX_DESCRIPTION_LENGTH),
        pricePaise: rupeesToPaise(course.price),
        image: image.base,
        tier: tierOf(course.name),
        commissionPaise: null,
        createdAt: dateOf(course.createdAt, course._id),
      })
      .returning({ id: packages.id })
      .get();
    remember(tx, 'package', course._id, row.id, now);
    packageOf.set(course._id, row.id);
    counts.packagesImported += 1;
    if (image.usedDefault) counts.defaultImages += 1;
  }
  return packageOf;
}

/** Lectures: per package in createdAt order, links made embed links by the admin screen's own code. */
export function importLectures(run: ImportRun, packageOf: Map<string, number>): void {
  const { tx, data, now, problems, counts } = run;
  const courseOfLecture = new Map<string, string>();
  for (const course of data.courses) for (const id of course.lectures ?? []) courseOfLecture.set(idText(id), course._id);
  const listed = new Set(courseOfLecture.keys());
  const sortedLectures = [...data.lectures].sort((a, b) => dateOf(a.createdAt, a._id) - dateOf(b.createdAt, b._id) || a._id.localeCompare(b._id));
  for (const lecture of sortedLectures) {
    listed.delete(lecture._id);
    const where = `lectures.json ${lecture._id}`;
    if (mappedId(tx, 'lecture', lecture._id) !== undefined) {
      counts.lecturesAlreadyThere += 1;
      continue;
    }
    const courseId = lecture.course ?? courseOfLecture.get(lecture._id);
    const packageId = courseId ? packageOf.get(courseId) : undefined;
    if (packageId === undefined) {
      counts.lecturesRefused += 1;
      problems.add('warning', where, `belongs to no course of the export${courseId ? ` (${courseId})` : ''}: not imported`);
      continue;
    }
    const link = lecture.video ? normaliseVideoLink(lecture.video.trim()) : null;
    if (!link) {
      counts.lecturesRefused += 1;
      problems.add(
        'error',
        where,
        `link "${lecture.video ?? ''}" is not a YouTube, Vimeo or Google Drive video link: not imported, add it again from the admin screen`,
      );
      continue;
    }
    const last = tx
      .select({ position: max(lectures.position) })
      .from(lectures)
      .where(eq(lectures.packageId, packageId))
      .get();
    const position = (last?.position ?? -1) + 1;
    const row = tx
      .insert(lectures)
      .values({ packageId, title: `Part ${position + 1}`, videoUrl: link.embedUrl, position, createdAt: dateOf(lecture.createdAt, lecture._id) })
      .returning({ id: lectures.id })
      .get();
    remember(tx, 'lecture', lecture._id, row.id, now);
    counts.lecturesImported += 1;
  }
  for (const missing of listed)
    problems.add('warning', `courses.json`, `lecture ${missing} is listed by course ${courseOfLecture.get(missing)} but is not in lectures.json`);
}
