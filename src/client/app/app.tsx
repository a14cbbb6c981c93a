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
