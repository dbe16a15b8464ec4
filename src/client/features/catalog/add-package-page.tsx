import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pagePaths } from '../../../shared/page-paths';
import toast from 'react-hot-toast';
import { tiers } from '../../../shared/domain';
import { TextField } from '../../components/text-field';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCatalogAdminMessages } from './catalog-admin-messages';
import { useCatalogMessages } from './catalog-messages';
import { postUpload } from '../../lib/upload';
import { SubmitButton } from '../../components/submit-button';
import { describedBy, Field } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { PackageSelect } from './package-select';

const empty = { name: '', price: '', description: '', tier: '', commission: '' };

const rupeesText = (paise: number | null) => (paise === null ? '' : String(paise / 100));

/**
 * /admin/course: create a package with its image, or edit one in place (`?edit=<id>`, or chosen at
 * the top): same id, so shared links keep working; a new price is for new orders only.
 */
export default function AddPackagePage() {
  const { t } = useCatalogAdminMessages();
  const catalog = useCatalogMessages();
  const [searchParams, setSearchParams] = useSearchParams();
  const editing = searchParams.get('edit') ?? '';
  useDocumentTitle(t(editing ? 'editPackage.title' : 'addPackage.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ id: string; name: string } | null>(null);
  const set = (key: keyof typeof empty) => (value: string) => setValues((old) => ({ ...old, [key]: value }));
  const packages = useQuery({ ...trpc.catalog.adminList.queryOptions(), enabled: editing !== '' });
  const chosen = packages.data?.find((pkg) => pkg.id === editing) ?? null;

  // The chosen package's fields fill the form (again when another is chosen).
  useEffect(() => {
    setFields({});
    if (fileRef.current) fileRef.current.value = '';
    setValues(
      chosen
        ? {
            name: chosen.name,
            price: rupeesText(chosen.pricePaise),
            description: chosen.description,
            tier: chosen.tier ?? '',
            commission: rupeesText(chosen.commissionPaise),
          }
        : empty,
    );
  }, [chosen]);

  function choose(packageId: string) {
    setCreated(null);
    setSearchParams(packageId ? { edit: packageId } : {}, { replace: true });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.append(key, value.trim());
    const file = fileRef.current?.files?.[0];
    if (file) form.append('image', file);
    setBusy(true);
    // The JSON API cannot carry a file: the REST calls take the form with its image.
    const answer = await postUpload<{ course?: { _id: string; name: string } }>(editing ? `/api/course/${editing}/edit` : '/api/course/new', form);
    setBusy(false);
    if (answer.ok) {
      toast.success(answer.message ?? '');
      setFields({});
      if (fileRef.current) fileRef.current.value = '';
      if (!editing) {
        setValues(empty);
        if (answer.body?.course) setCreated({ id: answer.body.course._id, name: answer.body.course.name });
      }
      await queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() });
      return;
    }
    setFields(answer.fields);
    toast.error(answer.message ?? t('addPackage.failed'));
  }

  const errorFor = (field: string) => fields[field] ?? null;
  const imageNotes = { hint: t(editing ? 'editPackage.imageHint' : 'fields.imageHint'), error: fields.image };

  return (
    <div className="page">
      <h1>{t(editing ? 'editPackage.title' : 'addPackage.title')}</h1>
      <div className="admin-form">
        <PackageSelect label={t('editPackage.choose')} placeholder={t('editPackage.new')} value={editing} onChange={choose} />
      </div>
      {created && (
        <p className="admin-next" role="status">
          {t('addPackage.created', { name: created.name })}{' '}
          <Link className="button" to={`${pagePaths.adminAddLecture}?package=${created.id}`}>
            {t('addPackage.addLectures')}
          </Link>
        </p>
      )}
      {editing && <p className="field__hint">{t('editPackage.hint')}</p>}
      <form className="form admin-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField label={t('fields.name')} name="name" required maxLength={120} value={values.name} onChange={set('name')} error={errorFor('name')} />

        <Field htmlFor={`${id}-image`} label={t('fields.image')} {...imageNotes}>
          <input
            ref={fileRef}
            id={`${id}-image`}
            type="file"
            name="image"
            accept="image/*"
            required={!editing}
            aria-invalid={fields.image ? true : undefined}
            aria-describedby={describedBy(`${id}-image`, imageNotes)}
          />
        </Field>

        <TextField label={t('fields.price')} name="price" inputMode="decimal" required value={values.price} onChange={set('price')} error={errorFor('price')} />

        <Field htmlFor={`${id}-description`} label={t('fields.description')} error={fields.description}>
          <textarea
            id={`${id}-description`}
            name="description"
            required
            maxLength={5000}
            value={values.description}
            onChange={(event) => set('description')(event.target.value)}
            aria-invalid={fields.description ? true : undefined}
            aria-describedby={describedBy(`${id}-description`, { error: fields.description })}
          />
        </Field>

        <SelectField
          label={t('fields.tier')}
          name="tier"
          placeholder={t('fields.noTier')}
          options={tiers.map((tier) => ({ value: tier, label: catalog.t(`tiers.${tier}`) }))}
          value={values.tier}
          onChange={set('tier')}
          error={errorFor('tier')}
        />

        <TextField
          label={t('fields.commission')}
          name="commission"
          inputMode="decimal"
          hint={t('fields.commissionHint')}
          value={values.commission}
          onChange={set('commission')}
          error={errorFor('commission')}
        />

        <SubmitButton className="button button--primary" busy={busy} busyLabel={t(editing ? 'editPackage.busy' : 'addPackage.busy')}>
          {t(editing ? 'editPackage.submit' : 'addPackage.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
