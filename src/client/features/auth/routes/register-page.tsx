import { appText } from '@shared/i18n/app';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '@shared/paths';

/** SPEC §1/§2: sign-up is currently disabled. */
export function RegisterPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.settings.auth.registerTitle'));
  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <div className="rounded-panel border border-line bg-white p-6 text-center shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-ink">
          {appText(i18n, 'app.settings.auth.registerTitle')}
        </h1>
        <p className="mt-3 text-body">{appText(i18n, 'app.settings.auth.registerBody')}</p>
        <Button
          className="mt-6"
          size="lg"
          fullWidth
          onClick={() => window.location.assign(paths.login)}
        >
          {appText(i18n, 'app.settings.auth.returnToLogin')}
        </Button>
      </div>
    </div>
  );
}
