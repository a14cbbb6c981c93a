import { appText } from '@shared/i18n/app';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';

/** Both sign-in forms' Sign In: busy while the sign-in is, and not ready until the page is live (decision 103). */
export function SignInButton({ pending, live }: { pending: boolean; live: boolean }) {
  const i18n = useI18n();
  return (
    <Button
      type="submit"
      size="lg"
      fullWidth
      isLoading={pending}
      aria-disabled={live ? undefined : true}
    >
      {appText(i18n, 'app.settings.auth.signIn')}
    </Button>
  );
}
