import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { GUEST_DATA_ELEMENT_ID } from '../../shared/constants';
import type { GuestTableResponse } from '../../shared/schemas';
import { guestTableResponse } from '../features/guest/api/guest-responses';
import { GuestTablePage } from '../features/guest/routes/guest-table-page';
import { queryKeys } from '../lib/query-keys';
import type { TableRef } from '../../shared/paths';
import { createQueryClient } from './query-client';

/**
 * The table's data that came inside the page's HTML, when the server rendered it; null otherwise (the service
 * worker's offline shell, or a failed or refused render), and the page then loads it as before. Read once.
 */
export function takeEmbeddedGuestData(): GuestTableResponse | null {
  const element = document.getElementById(GUEST_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const parsed = guestTableResponse.safeParse(JSON.parse(element.textContent ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The guest page on its own, as main.tsx renders it for /table/… (decision 016): no router, no session, no staff
 * code; only React, TanStack Query and the guest feature reach a guest's phone on first load. `initialData`: the
 * table as the server embedded it, so the first render is the finished page the HTML already shows.
 */
export function GuestApp({
  restaurantId,
  tableId,
  initialData = null,
}: TableRef & { initialData?: GuestTableResponse | null }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (
      initialData &&
      initialData.table.id === tableId &&
      initialData.restaurant.id === restaurantId
    ) {
      client.setQueryData(queryKeys.guestTable(restaurantId, tableId), initialData);
    }
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <GuestTablePage restaurantId={restaurantId} tableId={tableId} />
    </QueryClientProvider>
  );
}
