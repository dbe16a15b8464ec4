import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { FormError } from '../../components/form-error';
import { MutationButton } from '../../components/mutation-button';
import { QueryState } from '../../components/query-state';
import { TextField } from '../../components/text-field';
import { errorMessage, useTRPC, type RouterOutputs } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatIstDateTime } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { discountText } from './discount-text';
import { useDiscountsMessages } from './discounts-messages';
import './discounts.css';

type Code = RouterOutputs['discounts']['codes'][number];
const emptyCoupon = {
  code: '',
  kind: 'percent' as 'percent' | 'amount',
  value: '',
  from: '',
  until: '',
  maxUses: '',
  perLearner: '1',
  freeAllowed: false,
  note: '',
};

/** An admin's coupon form: a festival sale in a minute (all packages, or chosen ones). */
function NewCoupon() {
  const { t } = useDiscountsMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const packages = useQuery(trpc.catalog.list.queryOptions());
  const create = useMutation(trpc.discounts.createCoupon.mutationOptions());
  const [form, setForm] = useState(emptyCoupon);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof typeof emptyCoupon) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    create.mutate(
      {
        code: form.code,
        ...(form.kind === 'percent' ? { percent: form.value } : { amount: form.value }),
        packageIds: chosen,
        validFrom: form.from || undefined,
        validUntil: form.until || undefined,
        maxUses: form.maxUses || undefined,
        perLearnerLimit: form.perLearner || undefined,
        freeAllowed: form.freeAllowed,
        note: form.note || undefined,
      },
      {
        onSuccess: async () => {
          toast.success(t('admin.created'));
          setForm(emptyCoupon);
          setChosen(null);
          await queryClient.invalidateQueries({ queryKey: trpc.discounts.codes.queryKey() });
        },
        onError: (error) => setProblem(errorMessage(error, t('admin.failed'))),
      },
    );
  }

  return (
    <form className="form codes-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.new')}</h2>
      <TextField label={t('admin.code')} name="code" autoComplete="off" maxLength={20} value={form.code} onChange={set('code')} />
      <fieldset>
        <legend>{t('admin.discountType')}</legend>
        <label>
          <input type="radio" name="kind" checked={form.kind === 'percent'} onChange={() => set('kind')('percent')} /> {t('admin.percent')}
        </label>{' '}
        <label>
          <input type="radio" name="kind" checked={form.kind === 'amount'} onChange={() => set('kind')('amount')} /> {t('admin.amount')}
        </label>
        <TextField
          label={form.kind === 'percent' ? t('admin.percent') : t('admin.amount')}
          name="value"
          inputMode="decimal"
          value={form.value}
          onChange={set('value')}
        />
      </fieldset>
      <fieldset>
        <legend>{t('admin.packages')}</legend>
        <label>
          <input type="checkbox" checked={chosen === null} onChange={(event) => setChosen(event.target.checked ? null : [])} /> {t('admin.allPackages')}
        </label>
        {chosen !== null &&
          packages.data?.map((pkg) => (
            <label key={pkg.id} className="block">
              <input
                type="checkbox"
                checked={chosen.includes(pkg.id)}
                onChange={(event) => setChosen(event.target.checked ? [...chosen, pkg.id] : chosen.filter((other) => other !== pkg.id))}
              />{' '}
              {pkg.name}
            </label>
          ))}
      </fieldset>
      <TextField label={t('admin.from')} type="date" name="from" value={form.from} onChange={set('from')} />
      <TextField label={t('admin.until')} type="date" name="until" value={form.until} onChange={set('until')} />
      <TextField label={t('admin.maxUses')} name="maxUses" inputMode="numeric" value={form.maxUses} onChange={set('maxUses')} />
      <TextField label={t('admin.perLearner')} name="perLearner" inputMode="numeric" value={form.perLearner} onChange={set('perLearner')} />
      <label>
        <input type="checkbox" checked={form.freeAllowed} onChange={(event) => setForm((current) => ({ ...current, freeAllowed: event.target.checked }))} />{' '}
        {t('admin.freeAllowed')}
      </label>
      <TextField label={t('admin.note')} name="note" maxLength={300} value={form.note} onChange={set('note')} />
      <FormError message={problem} />
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {t('admin.create')}
      </button>
    </form>
  );
}

function CodeCard({ code }: { code: Code }) {
  const { t, lang } = useDiscountsMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.discounts.updateCoupon.mutationOptions());
  const remove = useMutation(trpc.discounts.deleteCoupon.mutationOptions());
  const setDiscount = useMutation(trpc.discounts.setAffiliateDiscount.mutationOptions());
  const [percent, setPercent] = useState(code.percentBp === null ? '' : String(code.percentBp / 100));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.discounts.codes.queryKey() });
  const failed = (error: unknown) => toast.error(errorMessage(error, t('admin.failed')));
  const discount = code.kind === 'affiliate' && code.percentBp === null && code.amountPaise === null ? null : discountText(code);

  return (
    <li className="order-card">
      <p className="order-card__title">
        <strong translate="no">{code.code}</strong> <span className="badge">{code.kind === 'coupon' ? t('admin.kindCoupon') : t('admin.kindAffiliate')}</span>{' '}
        <span className="badge">{code.active ? t('admin.active') : t('admin.paused')}</span>
      </p>
      <dl className="details">
        <dt>{t('admin.discountType')}</dt>
        <dd>{discount ?? t('admin.siteDiscount', { percent: '' }).trim()}</dd>
        {code.affiliate && (
          <>
            <dt>{t('admin.kindAffiliate')}</dt>
            <dd>{code.affiliate.name}</dd>
          </>
        )}
        {code.validFrom !== null && (
          <>
            <dt>{t('admin.from')}</dt>
            <dd>{formatIstDateTime(code.validFrom, lang)}</dd>
          </>
        )}
        {code.validUntil !== null && (
          <>
            <dt>{t('admin.until')}</dt>
            <dd>{formatIstDateTime(code.validUntil, lang)}</dd>
          </>
        )}
        <dt>{t('admin.uses')}</dt>
        <dd>
          {code.uses}
          {code.maxUses !== null && ` / ${code.maxUses}`}
        </dd>
        <dt>{t('admin.revenue')}</dt>
        <dd>{formatRupees(code.revenuePaise)}</dd>
        <dt>{t('admin.discountGiven')}</dt>
        <dd>{formatRupees(code.discountGivenPaise)}</dd>
        <dt>{t('admin.commission')}</dt>
        <dd>{formatRupees(code.commissionPaise)}</dd>
        {code.note && (
          <>
            <dt>{t('admin.note')}</dt>
            <dd>{code.note}</dd>
          </>
        )}
      </dl>
      <div className="button-row">
        <MutationButton
          className="button"
          mutation={update}
          variables={{ id: code.id, active: !code.active }}
          options={{ onSuccess: refresh, onError: failed }}
        >
          {code.active ? t('admin.pause') : t('admin.resume')}
        </MutationButton>
        {code.kind === 'coupon' && code.uses === 0 && (
          <MutationButton
            className="button button--danger"
            mutation={remove}
            variables={{ id: code.id }}
            options={{
              onSuccess: async () => {
                toast.success(t('admin.deleted'));
                await refresh();
              },
              onError: failed,
            }}
          >
            {t('admin.delete')}
          </MutationButton>
        )}
      </div>
      {code.kind === 'affiliate' && (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setDiscount.mutate(
              { codeId: code.id, percent: percent.trim() === '' ? null : percent },
              {
                onSuccess: async () => {
                  toast.success(t('admin.saved'));
                  await refresh();
                },
                onError: failed,
              },
            );
          }}
        >
          <TextField label={t('admin.affiliateDiscount')} name="percent" inputMode="decimal" value={percent} onChange={setPercent} />
          <button type="submit" className="button" disabled={setDiscount.isPending}>
            {t('admin.save')}
          </button>
        </form>
      )}
    </li>
  );
}

/** /admin/codes: coupons and affiliates' codes with what each did, and a new coupon. */
export default function AdminCodesPage() {
  const { t } = useDiscountsMessages();
  useDocumentTitle(t('admin.title'));
  const trpc = useTRPC();
  const codes = useQuery(trpc.discounts.codes.queryOptions());
  return (
    <div className="page">
      <h1>{t('admin.title')}</h1>
      <NewCoupon />
      <QueryState query={codes} error={t('admin.failed')} isEmpty={(data) => data.length === 0} empty={<p className="empty-state">{t('admin.empty')}</p>}>
        {(data) => (
          <ul className="order-list codes-list">
            {data.map((code) => (
              <CodeCard key={code.id} code={code} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
