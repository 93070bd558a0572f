import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthorisedPerson, AuthorisedPersonInput } from '@courier/shared/schemas/authorised-people';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

const PATH = '/customers/profile/authorised-people';

/** The signed-in customer's people who may collect for them. */
export const useAuthorisedPeople = () =>
  useQuery({ queryKey: customerKeys.authorisedPeople, queryFn: ({ signal }) => api.get<AuthorisedPerson[]>(PATH, { signal }) });

export function useAddAuthorisedPerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AuthorisedPersonInput) => api.post<AuthorisedPerson>(PATH, input),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.authorisedPeople }),
  });
}

export function useRemoveAuthorisedPerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: boolean; message?: string }>(`${PATH}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.authorisedPeople }),
  });
}
