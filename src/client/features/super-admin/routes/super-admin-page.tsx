import { useDocumentTitle } from '../../../lib/use-document-title';
import { StatCards } from '../components/stat-cards';
import { UsersSection } from '../components/users-section';

/** SPEC §2 /super-admin: the totals and the user list (SPEC §6: the super admin may delete any user but themselves). */
export function SuperAdminPage() {
  useDocumentTitle('Super Admin Dashboard');
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-ink">Super Admin Dashboard</h1>
      <StatCards />
      <UsersSection />
    </div>
  );
}
