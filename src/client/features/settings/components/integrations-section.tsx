/**
 * The owner's integrations (issue 24 items 3-4): API tokens (decision 075) and webhook endpoints with their delivery
 * log (decision 076). A token's or endpoint's secret is shown once, right after it is created, with a copy button.
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import type { I18n } from '@shared/i18n/i18n';
import {
  SENT_WEBHOOK_EVENTS,
  TOKEN_SCOPES,
  type ApiToken,
  type TokenScope,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@shared/integrations';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadError } from '../../../components/ui/empty-state';
import { FieldError, inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { clientErrorMessage } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import {
  useApiTokens,
  useCreateApiToken,
  useCreateWebhook,
  useDeleteWebhook,
  useRedeliverWebhook,
  useRevokeApiToken,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../../../lib/integrations-api';

const SCOPE_TEXT: Record<TokenScope, AppMessageId> = {
  read: 'app.settings.integrations.scopeRead',
  'requests:write': 'app.settings.integrations.scopeRequestsWrite',
  'tables:manage': 'app.settings.integrations.scopeTablesManage',
};

const EVENT_TEXT: Record<WebhookEvent, AppMessageId> = {
  'request.created': 'app.settings.integrations.eventCreated',
  'request.taken': 'app.settings.integrations.eventTaken',
  'request.completed': 'app.settings.integrations.eventCompleted',
  'request.dismissed': 'app.settings.integrations.eventDismissed',
  'request.cancelled': 'app.settings.integrations.eventCancelled',
  'visit.closed': 'app.settings.integrations.eventVisitClosed',
  'rating.received': 'app.settings.integrations.eventRating',
};

const when = (i18n: I18n, ms: number | null) =>
  ms === null
    ? appText(i18n, 'app.settings.integrations.never')
    : new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);

/** A secret shown once: selectable, copyable, and gone when dismissed. */
function SecretReveal({ secret, onDone }: { secret: string; onDone: () => void }) {
  const i18n = useI18n();
  const labelId = useId();
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-card border border-warning-600/30 bg-warning-100 p-3"
    >
      <p id={labelId} className="text-sm font-semibold text-warning-900">
        {appText(i18n, 'app.settings.integrations.copyNow')}
      </p>
      <code
        aria-labelledby={labelId}
        data-testid="secret"
        className="block break-all rounded-control bg-white px-3 py-2 font-mono text-sm text-ink"
      >
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard.writeText(secret).then(
              () => toast.success(appText(i18n, 'app.settings.integrations.copied')),
              () => toast.error(appText(i18n, 'app.settings.integrations.copyFailed')),
            )
          }
        >
          {appText(i18n, 'app.settings.integrations.copy')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {appText(i18n, 'app.settings.integrations.done')}
        </Button>
      </div>
    </div>
  );
}

/** Checkboxes for a set of choices (a token's scopes, an endpoint's events). */
function Choices<T extends string>({
  legend,
  options,
  label,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  label: (option: T) => string;
  value: T[];
  onChange: (next: T[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-ink-soft">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="flex min-h-11 items-center gap-3 text-sm text-ink">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={value.includes(option)}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...value, option] : value.filter((v) => v !== option),
              )
            }
          />
          {label(option)}
        </label>
      ))}
    </fieldset>
  );
}

export function ApiTokensSection({ restaurantId }: { restaurantId: string }) {
  const i18n = useI18n();
  const tokens = useApiTokens(restaurantId);
  const create = useCreateApiToken(restaurantId);
  const revoke = useRevokeApiToken(restaurantId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiToken | null>(null);
  const nameId = useId();
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '')
      return setError(appText(i18n, 'app.settings.integrations.nameRequired'));
    if (scopes.length === 0)
      return setError(appText(i18n, 'app.settings.integrations.scopeRequired'));
    setError(null);
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: (created) => {
          setSecret(created.secret);
          setName('');
        },
        onError: (e) =>
          setError(clientErrorMessage(e, appText(i18n, 'app.settings.integrations.createFailed'))),
      },
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {tokens.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : tokens.data === undefined ? (
        <LoadError
          message={appText(i18n, 'app.settings.integrations.loadFailed')}
          onRetry={() => void tokens.refetch()}
        />
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-body">{appText(i18n, 'app.settings.integrations.noTokens')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-card border border-line">
          {tokens.data.map((token) => (
            <li
              key={token.id}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <span className="font-semibold break-words text-ink">{token.name}</span>
                <span className="flex flex-wrap gap-1">
                  {token.scopes.map((scope) => (
                    <Badge key={scope} tone="blue">
                      {appText(i18n, SCOPE_TEXT[scope])}
                    </Badge>
                  ))}
                </span>
                <span className="text-xs text-body">
                  {appText(i18n, 'app.settings.integrations.createdAt', {
                    when: when(i18n, token.createdAt),
                  })}
                  {' · '}
                  {appText(i18n, 'app.settings.integrations.lastUsed', {
                    when: when(i18n, token.lastUsedAt),
                  })}
                </span>
              </div>
              <Button variant="danger-outline" onClick={() => setToRevoke(token)}>
                {appText(i18n, 'app.settings.integrations.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}

      {secret !== null && <SecretReveal secret={secret} onDone={() => setSecret(null)} />}

      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={nameId} className="text-sm font-medium text-ink-soft">
            {appText(i18n, 'app.settings.integrations.tokenName')}
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? errorId : undefined}
            className={`${inputClass(error !== null)} sm:max-w-md`}
          />
        </div>
        <Choices
          legend={appText(i18n, 'app.settings.integrations.scopes')}
          options={TOKEN_SCOPES}
          label={(scope) => appText(i18n, SCOPE_TEXT[scope])}
          value={scopes}
          onChange={setScopes}
        />
        {error !== null && <FieldError id={errorId}>{error}</FieldError>}
        <div>
          <Button type="submit" isLoading={create.isPending}>
            {appText(i18n, 'app.settings.integrations.createToken')}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={toRevoke !== null}
        title={appText(i18n, 'app.settings.integrations.revoke')}
        message={appText(i18n, 'app.settings.integrations.revokeConfirm', {
          name: toRevoke?.name ?? '',
        })}
        confirmLabel={appText(i18n, 'app.settings.integrations.revoke')}
        cancelLabel={appText(i18n, 'app.settings.cancel')}
        isPending={revoke.isPending}
        onConfirm={() =>
          toRevoke &&
          revoke.mutate(toRevoke.id, {
            onError: (e) =>
              toast.error(
                clientErrorMessage(e, appText(i18n, 'app.settings.integrations.revokeFailed')),
              ),
            onSettled: () => setToRevoke(null),
          })
        }
        onCancel={() => setToRevoke(null)}
      />
    </div>
  );
}

export function WebhooksSection({ restaurantId }: { restaurantId: string }) {
  const i18n = useI18n();
  const endpoints = useWebhooks(restaurantId);
  const create = useCreateWebhook(restaurantId);
  const remove = useDeleteWebhook(restaurantId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...SENT_WEBHOOK_EVENTS]);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<WebhookEndpoint | null>(null);
  const urlId = useId();
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (url.trim() === '') return setError(appText(i18n, 'app.settings.integrations.urlRequired'));
    if (events.length === 0)
      return setError(appText(i18n, 'app.settings.integrations.eventRequired'));
    setError(null);
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          setSecret(created.secret);
          setUrl('');
        },
        onError: (e) =>
          setError(clientErrorMessage(e, appText(i18n, 'app.settings.integrations.urlRefused'))),
      },
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {endpoints.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : endpoints.data === undefined ? (
        <LoadError
          message={appText(i18n, 'app.settings.integrations.loadFailed')}
          onRetry={() => void endpoints.refetch()}
        />
      ) : endpoints.data.length === 0 ? (
        <p className="text-sm text-body">{appText(i18n, 'app.settings.integrations.noWebhooks')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-card border border-line">
          {endpoints.data.map((endpoint) => (
            <WebhookRow
              key={endpoint.id}
              restaurantId={restaurantId}
              endpoint={endpoint}
              onDelete={() => setToDelete(endpoint)}
            />
          ))}
        </ul>
      )}

      {secret !== null && <SecretReveal secret={secret} onDone={() => setSecret(null)} />}

      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={urlId} className="text-sm font-medium text-ink-soft">
            {appText(i18n, 'app.settings.integrations.url')}
          </label>
          <input
            id={urlId}
            type="url"
            inputMode="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? errorId : undefined}
            className={`${inputClass(error !== null)} sm:max-w-xl`}
          />
        </div>
        <Choices
          legend={appText(i18n, 'app.settings.integrations.events')}
          options={SENT_WEBHOOK_EVENTS}
          label={(event) => appText(i18n, EVENT_TEXT[event])}
          value={events}
          onChange={setEvents}
        />
        {error !== null && <FieldError id={errorId}>{error}</FieldError>}
        <div>
          <Button type="submit" isLoading={create.isPending}>
            {appText(i18n, 'app.settings.integrations.addWebhook')}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={toDelete !== null}
        title={appText(i18n, 'app.settings.integrations.deleteWebhook')}
        message={appText(i18n, 'app.settings.integrations.deleteWebhookConfirm', {
          url: toDelete?.url ?? '',
        })}
        confirmLabel={appText(i18n, 'app.settings.delete')}
        cancelLabel={appText(i18n, 'app.settings.cancel')}
        isPending={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onError: (e) =>
              toast.error(
                clientErrorMessage(e, appText(i18n, 'app.settings.integrations.deleteFailed')),
              ),
            onSettled: () => setToDelete(null),
          })
        }
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

function WebhookRow({
  restaurantId,
  endpoint,
  onDelete,
}: {
  restaurantId: string;
  endpoint: WebhookEndpoint;
  onDelete: () => void;
}) {
  const i18n = useI18n();
  const update = useUpdateWebhook(restaurantId);
  const [showLog, setShowLog] = useState(false);
  const logId = useId();
  return (
    <li className="flex flex-col gap-2 p-3">
      <div className="flex flex-col gap-1">
        <span className="font-mono text-sm break-all text-ink">{endpoint.url}</span>
        <span className="flex flex-wrap gap-1">
          <Badge tone={endpoint.enabled ? 'green' : 'red'}>
            {appText(
              i18n,
              endpoint.enabled
                ? 'app.settings.integrations.enabled'
                : 'app.settings.integrations.disabled',
            )}
          </Badge>
          {endpoint.events.map((event) => (
            <Badge key={event} tone="gray">
              {appText(i18n, EVENT_TEXT[event])}
            </Badge>
          ))}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          isLoading={update.isPending}
          onClick={() =>
            update.mutate(
              { webhookId: endpoint.id, enabled: !endpoint.enabled },
              {
                onError: (e) =>
                  toast.error(
                    clientErrorMessage(e, appText(i18n, 'app.settings.integrations.updateFailed')),
                  ),
              },
            )
          }
        >
          {appText(
            i18n,
            endpoint.enabled
              ? 'app.settings.integrations.disable'
              : 'app.settings.integrations.enable',
          )}
        </Button>
        <Button
          variant="ghost"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog(!showLog)}
        >
          {appText(i18n, 'app.settings.integrations.deliveries')}
        </Button>
        <Button variant="danger-outline" onClick={onDelete}>
          {appText(i18n, 'app.settings.delete')}
        </Button>
      </div>
      {showLog && (
        <div id={logId}>
          <DeliveryLog restaurantId={restaurantId} webhookId={endpoint.id} />
        </div>
      )}
    </li>
  );
}

const STATUS_TONE = { pending: 'amber', delivered: 'green', failed: 'red' } as const;
const STATUS_TEXT: Record<keyof typeof STATUS_TONE, AppMessageId> = {
  pending: 'app.settings.integrations.statusPending',
  delivered: 'app.settings.integrations.statusDelivered',
  failed: 'app.settings.integrations.statusFailed',
};

function DeliveryLog({ restaurantId, webhookId }: { restaurantId: string; webhookId: string }) {
  const i18n = useI18n();
  const deliveries = useWebhookDeliveries(restaurantId, webhookId);
  const redeliver = useRedeliverWebhook(restaurantId, webhookId);
  if (deliveries.isPending) return <Skeleton className="h-12 w-full" />;
  if (deliveries.data === undefined)
    return (
      <LoadError
        message={appText(i18n, 'app.settings.integrations.loadFailed')}
        onRetry={() => void deliveries.refetch()}
      />
    );
  if (deliveries.data.length === 0)
    return (
      <p className="text-sm text-body">{appText(i18n, 'app.settings.integrations.noDeliveries')}</p>
    );
  return (
    <ul className="flex flex-col gap-2">
      {deliveries.data.map((delivery) => (
        <li
          key={delivery.id}
          className="flex flex-col gap-1 rounded-control bg-canvas p-2 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={STATUS_TONE[delivery.status]}>
              {appText(i18n, STATUS_TEXT[delivery.status])}
            </Badge>
            <span className="text-ink">{appText(i18n, EVENT_TEXT[delivery.event])}</span>
            <span className="text-body">
              {appText(i18n, 'app.settings.integrations.attempts', {
                count: delivery.attempts,
                code: delivery.responseCode ?? '—',
              })}
            </span>
            <span className="text-body">
              {when(i18n, delivery.lastAttemptAt ?? delivery.createdAt)}
            </span>
          </span>
          <Button
            variant="secondary"
            disabled={delivery.status === 'pending' || redeliver.isPending}
            onClick={() =>
              redeliver.mutate(delivery.id, {
                onSuccess: () => toast.success(appText(i18n, 'app.settings.integrations.requeued')),
                onError: (e) =>
                  toast.error(
                    clientErrorMessage(e, appText(i18n, 'app.settings.integrations.updateFailed')),
                  ),
              })
            }
          >
            {appText(i18n, 'app.settings.integrations.redeliver')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
