/**
 * For the admin: how learners get on with each package (bought, started, finished, certified),
 * each quiz's pass rate, and who is stuck on which lecture (no progress for some days).
 */
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { certificates, lectures, users } from '../../db/schema.js';
import { listAll } from '../catalog/catalog.service.js';
import { catalogErrors } from '../catalog/catalog.errors.js';
import { buyersProgress } from '../progress/progress.service.js';
import { quizProgress, quizStats } from '../quizzes/quizzes.service.js';
import { DAY_MS } from '../../../shared/ist.js';

export type PackageReport = {
  packageId: number;
  name: string;
  archived: boolean;
  lectures: number;
  buyers: number;
  started: number;
  finished: number;
  certificates: number;
  quizzes: { quizId: number; lectureId: number | null; position: number | null; learners: number; passed: number; attempts: number }[];
};

/** Every package with its buyers' figures and each quiz's; "finished" is every lecture done and every quiz passed. */
export function packageReports(db: Db): PackageReport[] {
  return listAll(db).map((pkg) => {
    const buyers = buyersProgress(db, pkg.id);
    const finished = buyers.filter(
      (buyer) => pkg.lectureCount > 0 && buyer.done === pkg.lectureCount && quizProgress(db, buyer.userId, pkg.id).every((quiz) => quiz.passed),
    ).length;
    const issued =
      db
        .select({ n: count() })
        .from(certificates)
        .where(and(eq(certificates.packageId, pkg.id), isNull(certificates.revokedAt)))
        .get()?.n ?? 0;
    const order = db.select({ id: lectures.id }).from(lectures).where(eq(lectures.packageId, pkg.id)).orderBy(asc(lectures.position), asc(lectures.id)).all();
    return {
      packageId: pkg.id,
      name: pkg.name,
      archived: pkg.archivedAt !== null,
      lectures: pkg.lectureCount,
      buyers: buyers.length,
      started: buyers.filter((buyer) => buyer.started).length,
      finished,
      certificates: issued,
      quizzes: quizStats(db, pkg.id).map((row) => {
        const index = row.quiz.lectureId === null ? -1 : order.findIndex((lecture) => lecture.id === row.quiz.lectureId);
        return {
          quizId: row.quiz.id,
          lectureId: row.quiz.lectureId,
          position: index < 0 ? null : index,
          learners: row.learners,
          passed: row.passedLearners,
          attempts: row.attempts,
        };
      }),
    };
  });
}

export type StuckGroup = {
  lectureId: number;
  position: number;
  title: string | null;
  learners: { userId: number; name: string; email: string; done: number; lastActivityAt: number }[];
};

/**
 * Buyers of a package who have not done every lecture and did nothing for at least `days` days,
 * grouped by the first lecture they have not done (where they are stuck), in lecture order.
 */
export function stuckLearners(db: Db, packageId: number, days: number, now: number): StuckGroup[] {
  const pkg = listAll(db).find((row) => row.id === packageId);
  if (!pkg) throw catalogErrors.PACKAGE_NOT_FOUND();
  const order = db.select().from(lectures).where(eq(lectures.packageId, packageId)).orderBy(asc(lectures.position), asc(lectures.id)).all();
  const stuck = buyersProgress(db, packageId).filter((buyer) => buyer.nextLectureId !== null && now - buyer.lastActivityAt >= days * DAY_MS);
  if (stuck.length === 0) return [];
  const people = db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        stuck.map((buyer) => buyer.userId),
      ),
    )
    .all();
  return order
    .map((lecture, position) => ({
      lectureId: lecture.id,
      position,
      title: lecture.title,
      learners: stuck
        .filter((buyer) => buyer.nextLectureId === lecture.id)
        .map((buyer) => {
          const person = people.find((row) => row.id === buyer.userId);
          return { userId: buyer.userId, name: person?.name ?? '', email: person?.email ?? '', done: buyer.done, lastActivityAt: buyer.lastActivityAt };
        })
        .sort((a, b) => a.lastActivityAt - b.lastActivityAt),
    }))
    .filter((group) => group.learners.length > 0);
}
