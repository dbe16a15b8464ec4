import type { ReactNode } from 'react';
import { useCatalogAdminMessages } from './catalog-admin-messages';
import type { usePackageLectures } from './use-package-lectures';
import { QueryState } from '../../components/query-state';
import { formatVideoLength } from '../../../shared/learning';

type Lectures = ReturnType<typeof usePackageLectures>;
type Lecture = NonNullable<Lectures['data']>['lectures'][number];

/**
 * A package's lectures as the admin screens list them: 'Part N', title, link and length (or a
 * warning that it is not set), with the
 * screen's own buttons beside each (`actions`); a failure or an empty package says so.
 */
export function AdminLectureList({ lectures, actions }: { lectures: Lectures; actions: (lecture: Lecture, index: number, count: number) => ReactNode }) {
  const { t } = useCatalogAdminMessages();
  return (
    <QueryState
      query={lectures}
      loading={null}
      error={t('lectures.failed')}
      isEmpty={(data) => data.lectures.length === 0}
      empty={<p>{t('lectures.empty')}</p>}
    >
      {({ lectures: list }) => (
        <ol className="admin-list">
          {list.map((lecture, index) => (
            <li key={lecture.id}>
              <span className="admin-list__text">
                <strong>{t('lectures.part', { number: index + 1 })}</strong>
                {lecture.title && <span>{lecture.title}</span>}
                <span className="admin-list__meta">{lecture.video}</span>
                {lecture.lengthSeconds === null ? (
                  <span className="admin-list__warning">{t('lectures.noLength')}</span>
                ) : (
                  <span className="admin-list__meta">{t('lectures.length', { length: formatVideoLength(lecture.lengthSeconds) })}</span>
                )}
              </span>
              <span className="admin-list__actions">{actions(lecture, index, list.length)}</span>
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}
