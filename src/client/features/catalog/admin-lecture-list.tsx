import type { ReactNode } from 'react';
import { useCatalogAdminMessages } from './catalog-admin-messages';
import type { usePackageLectures } from './use-package-lectures';

type Lectures = ReturnType<typeof usePackageLectures>;
type Lecture = NonNullable<Lectures['data']>['lectures'][number];

/**
 * A package's lectures as the admin screens list them: 'Part N', title and link, with the
 * screen's own buttons beside each (`actions`); a failure or an empty package says so.
 */
export function AdminLectureList({ lectures, actions }: { lectures: Lectures; actions: (lecture: Lecture, index: number, count: number) => ReactNode }) {
  const { t } = useCatalogAdminMessages();
  if (lectures.isPending) return null;
  if (lectures.isError) return <p role="alert">{t('lectures.failed')}</p>;
  const list = lectures.data.lectures;
  if (list.length === 0) return <p>{t('lectures.empty')}</p>;
  return (
    <ol className="admin-list">
      {list.map((lecture, index) => (
        <li key={lecture.id}>
          <span className="admin-list__text">
            <strong>{t('lectures.part', { number: index + 1 })}</strong>
            {lecture.title && <span>{lecture.title}</span>}
            <span className="admin-list__meta">{lecture.video}</span>
          </span>
          <span className="admin-list__actions">{actions(lecture, index, list.length)}</span>
        </li>
      ))}
    </ol>
  );
}
