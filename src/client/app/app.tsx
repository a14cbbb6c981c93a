// First: no schema may be built before zod is told not to probe for eval (strict CSP, issue 6). Only the staff
// app loads zod; the guest page does not (decision 016).
import '../lib/zod-jitless';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';
import { StaffI18n } from './staff-i18n';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <StaffI18n>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StaffI18n>
    </QueryClientProvider>
  );
}
