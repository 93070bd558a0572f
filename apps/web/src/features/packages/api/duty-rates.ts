import { useQuery } from '@tanstack/react-query';
import { TARIFF_CLASSES, TARIFF_CLASS_LABELS, type TariffClass } from '@courier/shared/domain/customs';
import type { CourierRatesView as CourierRates } from '@courier/shared/schemas/billing';
import { api } from '@/lib/api-client';
import { packageKeys } from './keys';

type CustomsRates = CourierRates['customsRates'];

/** "Electronics (duty 10%)": each tariff class with the import duty the courier's rates give it (its own, else the general one). */
export function tariffOptions(rates: CustomsRates): Array<{ value: TariffClass; label: string }> {
  const duty = (c: TariffClass) =>
    rates.find((r) => r.part === 'import_duty' && r.tariffClass === c) ??
    rates.find((r) => r.part === 'import_duty' && r.tariffClass === null);
  return TARIFF_CLASSES.map((c) => {
    const rate = duty(c);
    return { value: c, label: rate ? `${TARIFF_CLASS_LABELS[c]} (duty ${rate.percentBps / 100}%)` : TARIFF_CLASS_LABELS[c] };
  });
}

/** The tariff classes to choose from at receiving, labelled from the courier's customs rates in force. */
export function useTariffOptions() {
  const rates = useQuery({
    queryKey: packageKeys.dutyRates,
    staleTime: 10 * 60_000,
    queryFn: ({ signal }) => api.get<CourierRates>('/billing/rates', { signal }),
  });
  return tariffOptions(rates.data?.customsRates ?? []);
}
