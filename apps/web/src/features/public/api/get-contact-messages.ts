import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@courier/shared/schemas/common';
import type { ContactMessageRecord } from '@courier/shared/schemas/public';
import { api } from '@/lib/api-client';

import { publicKeys } from './keys';

export function getContactMessages(page: number, limit: number): Promise<Page<ContactMessageRecord>> {
  return api.get<Page<ContactMessageRecord>>('/contact-messages', { query: { page, limit } });
}

export function useContactMessages(page: number, limit: number) {
  return useQuery({
    queryKey: publicKeys.contactMessages(page, limit),
    queryFn: () => getContactMessages(page, limit),
    placeholderData: keepPreviousData,
  });
}
