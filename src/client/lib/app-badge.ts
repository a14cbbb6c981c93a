/**
 * The installed app's icon badge (Badging API, issue 12): the number of pending requests where the browser has
 * it (Chromium on desktop and Android for installed apps, Safari for Home Screen web apps), nothing elsewhere.
 */
interface BadgingNavigator {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

export function showAppBadge(count: number): void {
  const badging = navigator as BadgingNavigator;
  try {
    const pending =
      count > 0
        ? badging.setAppBadge?.call(navigator, count)
        : badging.clearAppBadge?.call(navigator);
    // A browser may refuse (no permission, not installed): the count on screen is the one that matters.
    pending?.catch(() => undefined);
  } catch {
    // Same as above.
  }
}
