import { formatJmd, formatWholeMoney } from '@courier/shared/format/money';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { TextSkeleton } from './site-contact';

/** Cents as the table prints them: whole dollars when there are no cents, else to the cent. */
const money = (cents: number) => (cents % 100 === 0 ? formatWholeMoney(cents / 100) : formatJmd(cents));

/** The courier's weight table (the default table until it sets its own): its active rates and the extra-pound rate. */
export function RateTable() {
  const { site, loading } = usePublicSite();
  const last = site.rates.at(-1);
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-sm">
        <caption className="bg-brand-800 px-4 py-3 text-left font-semibold text-white">Air freight by weight</caption>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Weight
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Cost
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {site.rates.map((row) => (
            <tr key={row.weightLbs}>
              <td className="px-4 py-2 text-slate-700">
                {row.weightLbs} lb{row.weightLbs === 1 ? '' : 's'}
              </td>
              <td className="px-4 py-2 text-right font-medium text-slate-900">
                {loading ? <TextSkeleton className="w-16" /> : money(row.costCents)}
              </td>
            </tr>
          ))}
          <tr className="bg-highlight-400/10">
            <td className="px-4 py-2 text-slate-700">{last ? `Each lb over ${last.weightLbs}` : 'Each lb'}</td>
            <td className="px-4 py-2 text-right font-medium text-slate-900">
              {loading ? <TextSkeleton className="w-16" /> : `+ ${money(site.additionalPoundCents)}`}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
