import { appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import { AccountLanguage } from '../../../components/account-language';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../lib/session-api';
import { DeleteAccountSection } from '../../../components/delete-account-section';
import { ChangePinSection } from '../components/change-pin-section';

/**
 * The server's account page (issue 12, decision 034): who is signed in, and the red 'Delete Account' block that
 * SPEC §2 put on My Tables, moved here so it is not on the screen a server works from all shift.
 */
export function ServerAccountPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.account.title'));
  const { user } = useSession();
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-ink">{appText(i18n, 'app.account.title')}</h1>
      {user !== null && (
        <dl className="grid gap-3 rounded-card border border-line bg-white p-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-body">{appText(i18n, 'app.account.name')}</dt>
            <dd className="font-semibold text-ink">{user.name}</dd>
          </div>
          <div>
            <dt className="text-sm text-body">
              {appText(i18n, user.loginId !== null ? 'app.account.loginId' : 'app.account.email')}
            </dt>
            <dd className="break-all font-semibold text-ink">{user.loginId ?? user.email}</dd>
          </div>
        </dl>
      )}
      {user?.authMethod === 'pin' && <ChangePinSection />}
      <AccountLanguage />
      <DeleteAccountSection
        // SPEC §2 'Account Management' texts for a server (English: SPEC's words).
        description={appText(i18n, 'app.account.deleteServerText')}
        confirmMessage={appText(i18n, 'app.account.deleteServerConfirm')}
      />
    </div>
  );
}
