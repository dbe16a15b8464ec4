import { useCommonMessages } from '../lib/common-messages';

/** A quiet placeholder while a page or its data loads; announced to screen readers. */
export function PageSpinner() {
  const { t } = useCommonMessages();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner__dot" aria-hidden="true" />
      <span>{t('status.loading')}</span>
    </div>
  );
}
