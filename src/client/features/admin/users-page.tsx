import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useDeferredValue, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { formatRupees } from '../../../shared/money';
import { Pager, pageCount, usePaging } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { TextField } from '../../components/text-field';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../auth/use-session';
import { useLearnerAdminMessages } from './learner-admin-messages';
import { useAdminMessages } from './admin-messages';
import { pagePaths, pathTo } from '../../../shared/page-paths';
import { DataTable } from '../../components/data-table';
import { SubmitButton } from '../../components/submit-button';

/** "Send earnings email": records a payout and tells the user; the server refuses more than is owed. */
function PayEarnings({ email, onEmail }: { email: string; onEmail: (value: string) => void }) {
  const { t } = useAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pay = useMutation(trpc.affiliate.pay.mutationOptions());
  const [amount, setAmount] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !amount.trim()) {
      toast.error(t('pay.empty'));
      return;
    }
    pay.mutate(
      { email: email.trim(), amount: amount.trim() },
      {
        onSuccess: async () => {
          toast.success(t('pay.done'));
          setAmount('');
          await queryClient.invalidateQueries();
        },
        onError: (error) => toast.error(errorMessage(error, t('pay.failed'))),
      },
    );
  }

  return (
    <section className="admin-panel" aria-labelledby="pay-title">
      <h2 id="pay-title">{t('pay.title')}</h2>
      <p className="muted">{t('pay.intro')}</p>
      <form className="form admin-pay" onSubmit={submit} noValidate>
        <TextField label={t('pay.email')} type="email" name="pay-email" value={email} onChange={onEmail} />
        <TextField label={t('pay.amount')} name="pay-amount" inputMode="decimal" value={amount} onChange={setAmount} />
        <SubmitButton className="button button--primary" busy={pay.isPending} busyLabel={t('pay.busy')}>
          {t('pay.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}

/** /admin/users: everyone with what they earned and are owed; a superadmin can change roles. */
export default function UsersPage() {
  const { t, count } = useAdminMessages();
  useDocumentTitle(t('users.title'));
  const { user: viewer } = useSession();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t: learnerText } = useLearnerAdminMessages();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const { page, setPage } = usePaging(search);
  const [payEmail, setPayEmail] = useState('');
  const users = useQuery({ ...trpc.admin.users.queryOptions({ search: query || undefined, page }), placeholderData: keepPreviousData });
  const setRole = useMutation(trpc.admin.setRole.mutationOptions());
  const superadmin = viewer?.role === 'superadmin';
  const pages = pageCount(users.data);

  function changeRole(person: { id: string; name: string; role: string }) {
    const role = person.role === 'admin' ? 'user' : 'admin';
    setRole.mutate(
      { userId: person.id, role },
      {
        onSuccess: async () => {
          toast.success(t('users.roleSaved', { name: person.name, role: t(`users.roles.${role}`) }));
          await queryClient.invalidateQueries({ queryKey: trpc.admin.users.pathKey() });
        },
        onError: (error) => toast.error(errorMessage(error, t('users.roleFailed'))),
      },
    );
  }

  return (
    <div className="page">
      <h1>{t('users.title')}</h1>
      <PayEarnings email={payEmail} onEmail={setPayEmail} />
      <TextField label={t('users.search')} type="search" className="admin-search" value={search} onChange={setSearch} />
      <QueryState query={users} error={t('users.failed')} isEmpty={(data) => data.users.length === 0} empty={<p className="empty-state">{t('users.empty')}</p>}>
        {(data) => (
          <>
            <p className="muted" role="status">
              {count('users.count', data.total, { count: data.total.toLocaleString('en-IN') })} · {t('users.page', { page, pages })}
            </p>
            <DataTable
              columns={[
                t('users.name'),
                t('users.contact'),
                t('users.role'),
                { label: t('users.earned'), number: true },
                { label: t('users.owed'), number: true },
                t('users.actions'),
              ]}
            >
              {data.users.map((person) => (
                <tr key={person.id}>
                  <td>
                    {person.name}
                    <br />
                    <span className="muted">{person.email}</span>
                  </td>
                  <td>{person.phone ?? '—'}</td>
                  <td>{t(`users.roles.${person.role}`)}</td>
                  <td className="table__number">{formatRupees(person.earnedPaise)}</td>
                  <td className="table__number">{formatRupees(person.owedPaise)}</td>
                  <td>
                    <div className="table__actions">
                      <Link to={pathTo(pagePaths.dashboard, { id: person.id })}>{t('users.dashboard')}</Link>
                      <Link to={pathTo(pagePaths.adminLearner, { userId: person.id })}>{learnerText('manage')}</Link>
                      {person.owedPaise > 0 && (
                        <button type="button" className="link-button" onClick={() => setPayEmail(person.email)}>
                          {t('pay.title')}
                        </button>
                      )}
                      {superadmin && person.role !== 'superadmin' && person.id !== viewer?.id && (
                        <button type="button" className="link-button" onClick={() => changeRole(person)} disabled={setRole.isPending}>
                          {person.role === 'admin' ? t('users.removeAdmin') : t('users.makeAdmin')}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager page={page} hasNext={page < pages} onPage={setPage} />
          </>
        )}
      </QueryState>
    </div>
  );
}
