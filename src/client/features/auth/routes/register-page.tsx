import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../../shared/paths';

/** SPEC §1/§2: sign-up is currently disabled. */
export function RegisterPage() {
  useDocumentTitle('Registration Coming Soon');
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <div className="rounded-panel border border-line bg-white p-6 text-center shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-ink">Registration Coming Soon</h1>
        <p className="mt-3 text-body">
          Sign-up is temporarily disabled. Please ask your restaurant administrator for an account.
        </p>
        <Button className="mt-6" size="lg" fullWidth onClick={() => void navigate(paths.login)}>
          Return to Login
        </Button>
      </div>
    </div>
  );
}
