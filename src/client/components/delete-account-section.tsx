import { beginOwnSignOut, cancelOwnSignOut, goToSignIn } from '../lib/sign-in-handoff';
import { useId, useState } from 'react';
import { toast } from '../lib/toast';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../lib/i18n';
import { Button } from './ui/button';
import { ConfirmDialog } from './ui/confirm-dialog';
import { useDeleteAccount } from '../lib/account-api';

export interface DeleteAccountSectionProps {
  /** The warning in the red block (SPEC §2 wording for the screen that shows it). */
  description: string;
  /** The confirm dialog's text (SPEC §5). */
  confirmMessage: string;
}

/**
 * SPEC §2 'Account Management': a red 'Delete Account' block guarded by a confirm dialog (SPEC §5).
 * On success: 'Account deleted successfully', the user is cleared and sent to /login (SPEC §8).
 */
export function DeleteAccountSection({ description, confirmMessage }: DeleteAccountSectionProps) {
  const i18n = useI18n();
  const [confirming, setConfirming] = useState(false);
  const deleteAccount = useDeleteAccount();
  const headingId = useId();
  const blockHeadingId = useId();

  function handleConfirm() {
    // mutateAsync, not mutate's callbacks: clearing the session unmounts this screen (the route guard leaves it)
    // before mutate's own onSuccess would run, and that callback is dropped with it, taking the SPEC §8 toast along.
    beginOwnSignOut();
    deleteAccount.mutateAsync().then(
      () => {
        setConfirming(false);
        // Decision 103: said on the sign-in page, which is loaded in place of this one.
        goToSignIn({ kind: 'success', text: appText(i18n, 'app.account.deleted') }, true);
      },
      () => {
        cancelOwnSignOut();
        setConfirming(false);
        toast.error(appText(i18n, 'app.account.deleteFailed'));
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {appText(i18n, 'app.account.management')}
      </h2>
      <div
        role="group"
        aria-labelledby={blockHeadingId}
        className="rounded-card border border-danger-200 bg-danger-50 p-4 sm:p-5"
      >
        <h3 id={blockHeadingId} className="font-semibold text-danger-800">
          {appText(i18n, 'app.account.delete')}
        </h3>
        <p className="mt-1 text-sm text-danger-900">{description}</p>
        <Button
          variant="danger"
          className="mt-4 w-full sm:w-auto"
          onClick={() => setConfirming(true)}
        >
          {appText(i18n, 'app.account.delete')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={appText(i18n, 'app.account.delete')}
        message={confirmMessage}
        confirmLabel={appText(i18n, 'app.account.deleteConfirm')}
        cancelLabel={appText(i18n, 'app.account.cancel')}
        isPending={deleteAccount.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
