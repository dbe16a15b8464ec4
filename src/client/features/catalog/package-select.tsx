import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useCatalogAdminMessages } from './catalog-admin-messages';
import { Field } from '../../components/field';

type Props = { value: string; onChange: (packageId: string) => void; required?: boolean; label?: string; placeholder?: string };

/** Chooses a package on the admin's package and lecture screens: every package, archived ones marked (their buyers still watch). */
export function PackageSelect({ value, onChange, required, label, placeholder }: Props) {
  const { t } = useCatalogAdminMessages();
  const id = useId();
  const trpc = useTRPC();
  const packages = useQuery(trpc.catalog.adminList.queryOptions());
  return (
    <Field htmlFor={id} label={label ?? t('fields.package')} error={packages.isError && t('lectures.packagesFailed')}>
      <select id={id} name="package" value={value} required={required} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder ?? t('fields.choosePackage')}</option>
        {packages.data?.map((pkg) => (
          <option key={pkg.id} value={pkg.id}>
            {pkg.archived ? t('fields.archived', { name: pkg.name }) : pkg.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
