import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { formatRupees } from '../../../shared/money';
import { QueryState } from '../../components/query-state';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCatalogAdminMessages } from './catalog-admin-messages';

/** /admin/delete: the packages on sale, each with Delete (an archive when anyone bought it). */
export default function DeletePackagesPage() {
  const { t, count } = useCatalogAdminMessages();
  useDocumentTitle(t('deletePackages.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const packages = useQuery(trpc.catalog.list.queryOptions(undefined, { staleTime: 0 }));
  const remove = useMutation(trpc.catalog.remove.mutationOptions());

  function deletePackage(id: string, name: string) {
    if (!window.confirm(t('deletePackages.confirm', { name }))) return;
    remove.mutate(
      { id },
      {
        onSuccess: (answer) => toast.success(t(answer.outcome === 'archived' ? 'deletePackages.archived' : 'deletePackages.deleted')),
        onError: (error) => toast.error(errorMessage(error, t('deletePackages.failed'))),
        onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() }),
      },
    );
  }

  return (
    <div className="page">
      <h1>{t('deletePackages.title')}</h1>
      <p>{t('deletePackages.intro')}</p>
      <QueryState query={packages} error={t('lectures.packagesFailed')} isEmpty={(list) => list.length === 0} empty={<p>{t('deletePackages.empty')}</p>}>
        {(list) => (
          <ul className="admin-list">
            {list.map((pkg) => (
              <li key={pkg.id}>
                <span className="admin-list__text">
                  <strong>{pkg.name}</strong>
                  <span className="admin-list__meta">
                    {formatRupees(pkg.pricePaise)} · {count('deletePackages.lectures', pkg.lectureCount)}
                  </span>
                </span>
                <span className="admin-list__actions">
                  <button
                    type="button"
                    className="button button--danger"
                    disabled={remove.isPending}
                    aria-label={t('deletePackages.deleteLabel', { name: pkg.name })}
                    onClick={() => deletePackage(pkg.id, pkg.name)}
                  >
                    {t('deletePackages.delete')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
