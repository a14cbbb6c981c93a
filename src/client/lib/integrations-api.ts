/** The owner's integrations in Settings: API tokens (decision 075) and webhook endpoints (decision 076). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TokenScope, WebhookEvent } from '@shared/integrations';
import { call } from './api-client';
import { api } from './api-ref';
import { queryKeys } from './query-keys';

export function useApiTokens(restaurantId: string) {
  return useQuery({
    queryKey: queryKeys.apiTokens(restaurantId),
    queryFn: () => call(api('listApiTokens'), { params: { restaurantId } }),
    select: (data) => data.tokens,
  });
}

export function useCreateApiToken(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; scopes: TokenScope[] }) =>
      call(api('createApiToken'), { params: { restaurantId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens(restaurantId) }),
  });
}

export function useRevokeApiToken(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => call(api('revokeApiToken'), { params: { tokenId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens(restaurantId) }),
  });
}

export function useWebhooks(restaurantId: string) {
  return useQuery({
    queryKey: queryKeys.webhooks(restaurantId),
    queryFn: () => call(api('listWebhooks'), { params: { restaurantId } }),
    select: (data) => data.endpoints,
  });
}

export function useCreateWebhook(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; events: WebhookEvent[] }) =>
      call(api('createWebhook'), { params: { restaurantId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(restaurantId) }),
  });
}

export function useUpdateWebhook(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, enabled }: { webhookId: string; enabled: boolean }) =>
      call(api('updateWebhook'), { params: { webhookId }, body: { enabled } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(restaurantId) }),
  });
}

export function useDeleteWebhook(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => call(api('deleteWebhook'), { params: { webhookId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(restaurantId) }),
  });
}

export function useWebhookDeliveries(restaurantId: string, webhookId: string) {
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(restaurantId, webhookId),
    queryFn: () => call(api('listWebhookDeliveries'), { params: { webhookId } }),
    select: (data) => data.deliveries,
  });
}

export function useRedeliverWebhook(restaurantId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => call(api('redeliverWebhook'), { params: { deliveryId } }),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.webhookDeliveries(restaurantId, webhookId),
      }),
  });
}
