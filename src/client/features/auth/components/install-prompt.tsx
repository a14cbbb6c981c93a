import { appText } from '@shared/i18n/app';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import { useInstallPrompt } from '../../../lib/pwa';

/** SPEC §4 PWA install prompt, on the server login page ('Login ID & PIN' tab): once, mobile, not installed. */
export function InstallPrompt() {
  const i18n = useI18n();
  const prompt = useInstallPrompt();
  if (!prompt.visible) return null;
  return (
    <section
      aria-labelledby="install-prompt-title"
      className="mt-6 rounded-card border border-brand-200 bg-brand-50 p-4"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" className="size-10 rounded-control" />
        <div className="min-w-0">
          <h2 id="install-prompt-title" className="font-semibold text-ink">
            {appText(i18n, 'app.settings.auth.installTitle')}
          </h2>
          <p className="mt-0.5 text-sm text-body">
            {appText(i18n, 'app.settings.auth.installBody')}
          </p>
        </div>
      </div>
      <div className="mt-3 flex gap-2">
        <Button onClick={() => void prompt.install()}>
          {appText(i18n, 'app.settings.auth.install')}
        </Button>
        <Button variant="ghost" onClick={prompt.dismiss}>
          {appText(i18n, 'app.settings.auth.notNow')}
        </Button>
      </div>
    </section>
  );
}
