import { useState } from 'react';
import { toast } from 'react-toastify';
import { appText } from '../../../../shared/i18n/app';
import type { ServiceRequest } from '../../../../shared/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { tableText, typeText } from '../lib/console-text';
import { useAcknowledgeRequest, useDismissRequest } from '../api/requests-api';

/**
 * Issue 12 on an open request's card: "On my way" (take it: every console and the table's guest page see who is
 * coming) while nobody has, and "Dismiss" for an accidental or duplicate call, after a confirmation (there is no
 * undo: a dismissed request leaves every list and never counts in response times). The server decides who may do
 * either (docs/decisions/028); a refusal says why, e.g. who took it first.
 */
export function RequestActions({
  request,
  describedBy,
}: {
  request: ServiceRequest;
  /** Ids of the card's title and table, so "On my way" reads as "On my way, Bill Payment Requested, Table 4". */
  describedBy?: string;
}) {
  const i18n = useI18n();
  const [confirming, setConfirming] = useState(false);
  const acknowledge = useAcknowledgeRequest({
    onSuccess: () => toast.success(appText(i18n, 'app.console.acknowledged')),
    onError: (error) =>
      toast.error(messageFrom(error, appText(i18n, 'app.console.acknowledgeFailed'))),
  });
  const dismiss = useDismissRequest({
    onSuccess: () => {
      setConfirming(false);
      toast.success(appText(i18n, 'app.console.requestDismissed'));
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(messageFrom(error, appText(i18n, 'app.console.dismissFailed')));
    },
  });

  const take = () => acknowledge.mutate(request.id);
  const confirmDismiss = () => dismiss.mutate(request.id);

  return (
    // Side by side on a phone, so a card stays short: the two lesser actions share a row above Complete.
    <div className="grid grid-cols-2 gap-2 sm:flex">
      {request.status === 'pending' && (
        <Button
          size="lg"
          variant="secondary"
          className="w-full sm:w-auto"
          aria-describedby={describedBy}
          isLoading={acknowledge.isPending}
          onClick={take}
        >
          {appText(i18n, 'app.console.onMyWay')}
        </Button>
      )}
      <Button
        size="lg"
        variant="ghost"
        className={`w-full sm:w-auto ${request.status === 'pending' ? '' : 'col-span-2'}`}
        aria-describedby={describedBy}
        onClick={() => setConfirming(true)}
      >
        {appText(i18n, 'app.console.dismiss')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={appText(i18n, 'app.console.dismissConfirmTitle')}
        message={
          <>
            <strong>
              {typeText(i18n, request.type)} · {tableText(i18n, request)}
            </strong>
            <br />
            {appText(i18n, 'app.console.dismissConfirmBody')}
          </>
        }
        confirmLabel={appText(i18n, 'app.console.dismiss')}
        isPending={dismiss.isPending}
        onConfirm={confirmDismiss}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
