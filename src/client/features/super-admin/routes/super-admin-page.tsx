import { appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { StatCards } from '../components/stat-cards';
import { UsersSection } from '../components/users-section';

/** SPEC §2 /super-admin: the totals and the user list (SPEC §6: the super admin may delete any user but themselves). */
export function SuperAdminPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.admin.super.title'));
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-ink">{appText(i18n, 'app.admin.super.title')}</h1>
      <StatCards />
      <UsersSection />
    </div>
  );
}
