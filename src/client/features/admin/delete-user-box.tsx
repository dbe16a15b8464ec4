import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Dialog } from '../../components/dialog';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useAdminMessages } from './admin-messages';
import { SubmitButton } from '../../components/submit-button';
import { Field } from '../../components/field';

/** The superadmin's delete-user-by-email box, with a confirmation first. */
export function DeleteUserBox() {
  const { t } = useAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.admin.deleteUser.mutationOptions());
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);

  function ask(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      toast.error(t('deleteUser.empty'));
      return;
    }
    setConfirming(true);
  }

  function confirm() {
    remove.mutate(
      { email: email.trim() },
      {
        onSuccess: async () => {
          toast.success(t('deleteUser.done'));
          setEmail('');
          await queryClient.invalidateQueries();
        },
        onError: (error) => toast.error(errorMessage(error, t('deleteUser.failed'))),
        onSettled: () => setConfirming(false),
      },
    );
  }

  return (
    <form className="form delete-user-box" onSubmit={ask} noValidate>
      <h2 className="delete-user-box__title">{t('deleteUser.title')}</h2>
      <Field htmlFor="delete-user-email" label={t('deleteUser.email')}>
        <input id="delete-user-email" className="field__input" type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </Field>
      <SubmitButton className="button button--danger" busy={remove.isPending} busyLabel={t('deleteUser.busy')}>
        {t('deleteUser.submit')}
      </SubmitButton>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t('deleteUser.title')} closeLabel={t('deleteUser.cancel')}>
        <p>{t('deleteUser.confirm', { email: email.trim() })}</p>
        <div className="button-row">
          <button type="button" className="button button--danger" onClick={confirm} disabled={remove.isPending}>
            {t('deleteUser.submit')}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            {t('deleteUser.cancel')}
          </button>
        </div>
      </Dialog>
    </form>
  );
}
