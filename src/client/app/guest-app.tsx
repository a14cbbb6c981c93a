import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { GuestTablePage } from '../features/guest/routes/guest-table-page';
import type { TableRef } from './paths';
import { createQueryClient } from './query-client';

/**
 * The guest page on its own, as main.tsx renders it for /table/… (decision 016): no router, no session, no staff
 * code; only React, TanStack Query and the guest feature reach a guest's phone on first load.
 */
export function GuestApp({ restaurantId, tableId }: TableRef) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <GuestTablePage restaurantId={restaurantId} tableId={tableId} />
    </QueryClientProvider>
  );
}
