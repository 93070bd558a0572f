import { ADDITIONAL_POUND_JMD, DEFAULT_RATE_TABLE } from '@courier/shared/constants/rates';
import { formatWholeMoney } from '@courier/shared/format/money';

/** The weight table of part 1 §9. */
export function RateTable() {
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
          {DEFAULT_RATE_TABLE.map((row) => (
            <tr key={row.weightLbs}>
              <td className="px-4 py-2 text-slate-700">
                {row.weightLbs} lb{row.weightLbs === 1 ? '' : 's'}
              </td>
              <td className="px-4 py-2 text-right font-medium text-slate-900">{formatWholeMoney(row.costJmd)}</td>
            </tr>
          ))}
          <tr className="bg-accent-400/10">
            <td className="px-4 py-2 text-slate-700">Each lb over 10</td>
            <td className="px-4 py-2 text-right font-medium text-slate-900">+ {formatWholeMoney(ADDITIONAL_POUND_JMD)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
