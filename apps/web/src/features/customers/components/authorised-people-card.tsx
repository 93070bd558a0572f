import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  AUTHORISED_PEOPLE_MAX,
  AUTHORISED_PEOPLE_MESSAGES,
  type AuthorisedPerson,
  type AuthorisedPersonInput,
  ID_TYPES,
  ID_TYPE_LABELS,
  authorisedPersonInputSchema,
} from '@courier/shared/schemas/authorised-people';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAddAuthorisedPerson, useAuthorisedPeople, useRemoveAuthorisedPerson } from '../api/authorised-people';

const EMPTY: AuthorisedPersonInput = { name: '', idType: 'national_id', idNumber: '', phone: '' };

function AddPersonForm({ full }: { full: boolean }) {
  const add = useAddAuthorisedPerson();
  const form = useForm<AuthorisedPersonInput>({ resolver: zodResolver(authorisedPersonInputSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast.success(AUTHORISED_PEOPLE_MESSAGES.added);
      form.reset(EMPTY);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not add the person'));
    }
  });
  if (full) return <p className="text-sm text-slate-600">{AUTHORISED_PEOPLE_MESSAGES.tooMany}</p>;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="add-authorised-heading">
      <h3 id="add-authorised-heading" className="text-sm font-semibold text-slate-900">
        Add a person
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Full name" error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </Field>
        <Field label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="off" {...form.register('phone')} />
        </Field>
        <Field label="ID type" error={errors.idType?.message}>
          <Select {...form.register('idType')}>
            {ID_TYPES.map((t) => (
              <option key={t} value={t}>
                {ID_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="ID number" error={errors.idNumber?.message} hint="As printed on the ID they will show at the counter">
          <Input autoComplete="off" {...form.register('idNumber')} />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" busy={isSubmitting}>
          Add person
        </Button>
      </div>
    </form>
  );
}

function PeopleList({ people }: { people: AuthorisedPerson[] }) {
  const remove = useRemoveAuthorisedPerson();
  const [removing, setRemoving] = useState<AuthorisedPerson | null>(null);
  if (people.length === 0) {
    return <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">No one else may collect for you yet.</p>;
  }
  const confirm = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(AUTHORISED_PEOPLE_MESSAGES.removed);
      setRemoving(null);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not remove the person'));
    }
  };
  return (
    <>
      <ul aria-label="Authorised people" className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {people.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{p.name}</p>
              <p className="text-sm text-slate-600">
                {ID_TYPE_LABELS[p.idType]} {p.idNumber} · {p.phone}
              </p>
            </div>
            <Button variant="secondary" size="sm" onClick={() => setRemoving(p)} aria-label={`Remove ${p.name}`}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove authorised person"
        message={`${removing?.name ?? ''} will no longer be able to collect your packages.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}

/** The customer's people who may collect for them at the counter, showing the ID named here. */
export function AuthorisedPeopleCard() {
  const people = useAuthorisedPeople();
  return (
    <Card>
      <CardHeader>
        <CardTitle>People who may collect for me</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">The counter releases your packages to these people when they show the ID you name here.</p>
        {people.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : people.isError ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            {errorMessage(people.error, 'Your authorised people could not be loaded.')}{' '}
            <button type="button" className="font-medium underline" onClick={() => void people.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <>
            <PeopleList people={people.data} />
            <AddPersonForm full={people.data.length >= AUTHORISED_PEOPLE_MAX} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
