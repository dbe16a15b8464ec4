import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useCatalogAdminMessages } from './catalog-admin-messages';

/** The admin's warning: every lecture whose length is not set, which no learner can finish (nothing when there is none). */
export function LecturesWithoutLength() {
  const { t } = useCatalogAdminMessages();
  const trpc = useTRPC();
  const missing = useQuery(trpc.lectures.withoutLength.queryOptions(undefined, { staleTime: 0 }));
  if (!missing.data?.length) return null;
  return (
    <section className="admin-warning" aria-labelledby="lectures-without-length">
      <h2 id="lectures-without-length">{t('addLecture.missingTitle')}</h2>
      <p>{t('addLecture.missingIntro')}</p>
      <ul>
        {missing.data.map((lecture) => (
          <li key={lecture.id}>{t('addLecture.missingItem', { package: lecture.packageName, title: lecture.title ?? t('lectures.untitled') })}</li>
        ))}
      </ul>
    </section>
  );
}
