import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { DEFAULT_TIME_ZONE } from '@courier/shared/domain/datetime';
import {
  type Courier,
  LOGO_ACCEPT,
  PAPER_SIZES,
  PAPER_SIZE_LABELS,
  SETTINGS_MESSAGES,
  type ShippingAddressesInput,
  type UpdateCourierInput,
  logoFileProblem,
  shippingAddressesSchema,
  updateCourierSchema,
} from '@courier/shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCourier, useUpdateCompany, useUpdateShippingAddresses, useUploadLogo } from '../api/courier';
import { AccentField } from './accent-field';
import { FileUpload } from './file-upload';
import { reportFailure, serverFieldErrors } from './report';
import { CourierIdMissing, TabError, TabLoading } from './tab-states';

function ImagePreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  if (!url) return null;
  return <img src={url} alt="Chosen logo preview" className="h-16 w-auto rounded border border-slate-200 bg-white object-contain p-1" />;
}

/** The time zones this browser knows, for the picker (IANA names). */
const TIME_ZONES: readonly string[] = (() => {
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [DEFAULT_TIME_ZONE];
  return zones.includes(DEFAULT_TIME_ZONE) ? zones : [DEFAULT_TIME_ZONE, ...zones];
})();

const companyValues = (c: Courier): UpdateCourierInput => ({
  name: c.name,
  first_name: c.first_name ?? '',
  last_name: c.last_name ?? '',
  email: c.email ?? '',
  time_zone: c.time_zone,
  gct_registration_number: c.gct_registration_number ?? '',
  paper_size: c.paper_size,
  accent_color: c.accent_color ?? '',
});

/**
 * Company Settings: logo, name and contact, read-only code, AIR and SEA addresses;
 * the GCT registration number and paper size of the courier's documents; its accent colour.
 */
export function CompanySettingsTab({ courierId, onCourierChanged }: { courierId: number | null; onCourierChanged?: () => void }) {
  const courier = useCourier(courierId);
  const updateCompany = useUpdateCompany(courierId);
  const updateAddresses = useUpdateShippingAddresses(courierId);
  const uploadLogo = useUploadLogo(courierId);

  const company = useForm<UpdateCourierInput>({
    resolver: zodResolver(updateCourierSchema),
    defaultValues: {
      name: '',
      first_name: '',
      last_name: '',
      email: '',
      time_zone: DEFAULT_TIME_ZONE,
      gct_registration_number: '',
      paper_size: 'letter',
      accent_color: '',
    },
  });
  const addresses = useForm<ShippingAddressesInput>({
    resolver: zodResolver(shippingAddressesSchema),
    defaultValues: { shipping_address_air: '', shipping_address_sea: '' },
  });

  const data = courier.data;
  const filledFrom = useRef<typeof data>(undefined);
  useEffect(() => {
    if (!data || filledFrom.current === data) return;
    filledFrom.current = data;
    // Fill the forms from the server, but never over what the person is typing.
    if (!company.formState.isDirty) {
      company.reset(companyValues(data));
    }
    if (!addresses.formState.isDirty) {
      addresses.reset({ shipping_address_air: data.shipping_address_air ?? '', shipping_address_sea: data.shipping_address_sea ?? '' });
    }
  }, [data, company, addresses]);

  if (courierId === null) return <CourierIdMissing />;
  if (courier.isPending) return <TabLoading />;
  if (courier.isError) return <TabError what="company settings" error={courier.error} onRetry={() => courier.refetch()} />;
  const current = courier.data;

  const saveCompany = company.handleSubmit(async (values) => {
    try {
      const saved = await updateCompany.mutateAsync(values);
      company.reset(companyValues(saved));
      toast.success(SETTINGS_MESSAGES.companySaved);
      onCourierChanged?.();
    } catch (error) {
      for (const [field, message] of Object.entries(serverFieldErrors(error))) {
        company.setError(field as keyof UpdateCourierInput, { message });
      }
      reportFailure('update company settings', error, SETTINGS_MESSAGES.companyFailed);
    }
  });

  const saveAddresses = addresses.handleSubmit(async (values) => {
    try {
      const saved = await updateAddresses.mutateAsync(values);
      addresses.reset({ shipping_address_air: saved.shipping_address_air ?? '', shipping_address_sea: saved.shipping_address_sea ?? '' });
      toast.success(SETTINGS_MESSAGES.shippingAddressesSaved);
    } catch (error) {
      reportFailure('update shipping addresses', error, SETTINGS_MESSAGES.shippingAddressesFailed);
    }
  });

  const ce = company.formState.errors;
  const ae = addresses.formState.errors;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Company Logo</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <div className="flex h-24 w-40 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-slate-50 p-2">
            <img
              src={current.logo_url ?? '/default-logo.svg'}
              alt={`${current.name} logo`}
              className="max-h-full max-w-full object-contain"
            />
          </div>
          <div className="flex-1">
            <FileUpload
              label="Upload a new logo"
              accept={LOGO_ACCEPT}
              hint="JPG, PNG or GIF, at most 5MB."
              validate={logoFileProblem}
              preview={(file) => <ImagePreview file={file} />}
              upload={async (file, onProgress) => {
                try {
                  await uploadLogo.mutateAsync({ file, onProgress });
                  toast.success(SETTINGS_MESSAGES.logoSaved);
                  onCourierChanged?.();
                } catch (error) {
                  reportFailure('upload logo', error, SETTINGS_MESSAGES.logoFailed);
                  throw error;
                }
              }}
            />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Company Information</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={saveCompany} noValidate className="grid gap-4 sm:grid-cols-2">
            <Field label="Courier Name" error={ce.name?.message} className="sm:col-span-2">
              <Input autoComplete="organization" {...company.register('name')} />
            </Field>
            <Field label="First Name" error={ce.first_name?.message}>
              <Input autoComplete="given-name" {...company.register('first_name')} />
            </Field>
            <Field label="Last Name" error={ce.last_name?.message}>
              <Input autoComplete="family-name" {...company.register('last_name')} />
            </Field>
            <Field label="Email" error={ce.email?.message}>
              <Input type="email" autoComplete="email" {...company.register('email')} />
            </Field>
            <Field label="Time zone" hint="Receipts, invoices, e-mails and the cash-up show times in it." error={ce.time_zone?.message}>
              <Select {...company.register('time_zone')}>
                {TIME_ZONES.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll('_', ' ')}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Courier Code" hint="The code cannot be changed.">
              <Input value={current.code} readOnly aria-readonly="true" className="bg-slate-100" />
            </Field>
            <Field
              label="GCT registration number"
              hint="Printed as GCT Reg. No. on invoices, receipts, labels and manifests. Leave empty if not registered."
              error={ce.gct_registration_number?.message}
            >
              <Input autoComplete="off" {...company.register('gct_registration_number')} />
            </Field>
            <Field label="Paper size" hint="The paper invoices, receipts and manifests are laid out on." error={ce.paper_size?.message}>
              <Select {...company.register('paper_size')}>
                {PAPER_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {PAPER_SIZE_LABELS[size]}
                  </option>
                ))}
              </Select>
            </Field>
            <AccentField form={company} />
            <div className="sm:col-span-2">
              <Button type="submit" busy={company.formState.isSubmitting}>
                Save Company Settings
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Shipping Addresses</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={saveAddresses} noValidate className="grid gap-4 md:grid-cols-2">
            <Field label="AIR Shipping Address" error={ae.shipping_address_air?.message}>
              <Textarea rows={5} {...addresses.register('shipping_address_air')} />
            </Field>
            <Field label="SEA Shipping Address" error={ae.shipping_address_sea?.message}>
              <Textarea rows={5} {...addresses.register('shipping_address_sea')} />
            </Field>
            <div className="md:col-span-2">
              <Button type="submit" busy={addresses.formState.isSubmitting}>
                Save Shipping Addresses
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
