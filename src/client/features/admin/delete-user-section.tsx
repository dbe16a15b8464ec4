import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/dialog';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { pagePaths } from '../../../shared/page-paths';
import { useAdminMessages } from './admin-messages';

/**
 * On a user's own admin page, the superadmin's "Delete this user": a confirmation that names the
 * person and says what deleting does, then back to the users list.
 */
export function DeleteUserSection({ name, email }: { name: string; email: string }) {
  const { t } = useAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation(trpc.admin.deleteUser.mutationOptions());
  const [confirming, setConfirming] = useState(false);

  function confirm() {
    remove.mutate(
      { email },
      {
        onSuccess: async () => {
          toast.success(t('deleteUser.done'));
          setConfirming(false);
          await queryClient.invalidateQueries();
          await navigate(pagePaths.adminUsers);
        },
        onError: (error) => {
          setConfirming(false);
          toast.error(errorMessage(error, t('deleteUser.failed')));
        },
      },
    );
  }

  return (
    <section aria-labelledby="delete-user-title" className="delete-user">
      <h2 id="delete-user-title">{t('deleteUser.title')}</h2>
      <p className="muted">{t('deleteUser.note')}</p>
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        {t('deleteUser.submit')}
      </button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t('deleteUser.title')} closeLabel={t('deleteUser.cancel')}>
        <p>{t('deleteUser.confirm', { name, email })}</p>
        <div className="button-row">
          <button type="button" className="button button--danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? t('deleteUser.busy') : t('deleteUser.confirmYes', { name })}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            {t('deleteUser.cancel')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
