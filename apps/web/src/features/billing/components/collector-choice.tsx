import { type AuthorisedPerson, ID_TYPE_LABELS, idLabel } from '@courier/shared/schemas/authorised-people';
import { Checkbox } from '@/components/ui/checkbox';

/**
 * Who is collecting: the customer or someone the clerk names, or one of the customer's authorised
 * people, whose ID the clerk checks against the list before the release.
 */
export function CollectorChoice({
  customerName,
  people,
  value,
  onChange,
  idChecked,
  onIdChecked,
  idError,
}: {
  customerName: string;
  people: AuthorisedPerson[];
  value: string;
  onChange: (collector: string, person: AuthorisedPerson | null) => void;
  idChecked: boolean;
  onIdChecked: (checked: boolean) => void;
  idError?: string;
}) {
  const chosen = people.find((p) => String(p.id) === value) ?? null;
  const option =
    'flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50';
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Who is collecting?</legend>
      <label className={option}>
        <input
          type="radio"
          name="collector"
          value="other"
          checked={value === 'other'}
          onChange={() => onChange('other', null)}
          className="mt-1 accent-brand-700"
        />
        <span>{customerName} or someone else (type their name)</span>
      </label>
      {people.map((p) => (
        <label key={p.id} className={option}>
          <input
            type="radio"
            name="collector"
            value={String(p.id)}
            checked={value === String(p.id)}
            onChange={() => onChange(String(p.id), p)}
            className="mt-1 accent-brand-700"
          />
          <span>
            <span className="font-medium text-slate-900">{p.name}</span>{' '}
            <span className="text-slate-600">
              (authorised · {ID_TYPE_LABELS[p.idType]} {p.idNumber} · {p.phone})
            </span>
          </span>
        </label>
      ))}
      {chosen && (
        <div className="rounded-md bg-yellow-50 p-3 text-sm text-yellow-900" role="note">
          <p>
            Ask {chosen.name} for their {idLabel(chosen.idType, chosen.idNumber)} and check the name and number before you release.
          </p>
          <Checkbox
            className="mt-2 text-yellow-900"
            label={`I checked their ${idLabel(chosen.idType, chosen.idNumber)}`}
            checked={idChecked}
            onChange={(e) => onIdChecked(e.target.checked)}
            aria-invalid={idError ? true : undefined}
          />
          {idError && (
            <p className="mt-1 text-red-700" role="alert">
              {idError}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
