import { useCatalogMessages } from './catalog-messages';

/** What a buyer wants to know at a glance: how many lectures, in which language, for how long. */
export function PackageFacts({ lectureCount }: { lectureCount: number }) {
  const { t, count } = useCatalogMessages();
  return (
    <ul className="package-facts" aria-label={t('packages.facts')}>
      <li>{count('packages.lectureCount', lectureCount)}</li>
      <li>{t('packages.language')}</li>
      <li>{t('packages.lifetime')}</li>
    </ul>
  );
}

/** Grey cards the size of the real ones while the catalogue arrives: the page has its shape at once. */
export function PlaceholderCards({ count = 3 }: { count?: number }) {
  const { t } = useCatalogMessages();
  return (
    <ul className="card-grid package-grid" aria-busy="true" aria-label={t('packages.loading')}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <li key={index} className="card package-card package-card--placeholder" aria-hidden="true">
          <span className="placeholder placeholder--image" />
          <span className="placeholder placeholder--title" />
          <span className="placeholder placeholder--line" />
          <span className="placeholder placeholder--line" />
        </li>
      ))}
    </ul>
  );
}
