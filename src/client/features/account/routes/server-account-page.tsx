import { MSG } from '../../../../shared/messages';
import { AccountLanguage } from '../../../components/account-language';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../lib/session-api';
import { DeleteAccountSection } from '../../../components/delete-account-section';

/** SPEC §2 'Account Management' text for a server. */
const DELETE_ACCOUNT_TEXT =
  'Once you delete your account, there is no going back. All your assigned tables will be unassigned.';

/**
 * The server's account page (issue 12, decision 034): who is signed in, and the red 'Delete Account' block that
 * SPEC §2 put on My Tables, moved here so it is not on the screen a server works from all shift.
 */
export function ServerAccountPage() {
  useDocumentTitle('Account');
  const { user } = useSession();
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-ink">Account</h1>
      {user !== null && (
        <dl className="grid gap-3 rounded-card border border-line bg-white p-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-body">Name</dt>
            <dd className="font-semibold text-ink">{user.name}</dd>
          </div>
          <div>
            <dt className="text-sm text-body">{user.loginId !== null ? 'Login ID' : 'Email'}</dt>
            <dd className="break-all font-semibold text-ink">{user.loginId ?? user.email}</dd>
          </div>
        </dl>
      )}
      <AccountLanguage />
      <DeleteAccountSection
        description={DELETE_ACCOUNT_TEXT}
        confirmMessage={MSG.serverDeleteAccountConfirm}
      />
    </div>
  );
}
