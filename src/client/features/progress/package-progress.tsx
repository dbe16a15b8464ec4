import './progress.css';
import { useProgressMessages } from './progress-messages';

/** A package's progress on My Packages: a bar and "3 of 5 parts done". */
export function PackageProgress({ name, done, total }: { name: string; done: number; total: number }) {
  const { t } = useProgressMessages();
  if (total === 0) return null;
  return (
    <div className="package-progress">
      <progress value={done} max={total} aria-label={t('progressLabel', { name })} />
      <span>{t('packageProgress', { done, total })}</span>
    </div>
  );
}
