import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { clearSession } from './session-api';

/** DELETE /api/account: the signed-in user deletes themselves (a server's tables are unassigned first, SPEC §6). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/api/account'),
    onSuccess: () => clearSession(queryClient),
  });
}
