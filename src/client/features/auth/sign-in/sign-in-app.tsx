import { useEffect, useState } from 'react';
import type { LoginTab } from '@shared/constants';
import type { User } from '@shared/schemas';
import { SignInScreen } from './sign-in-screen';

/**
 * The sign-in page as both the server and the browser render it (decision 103): the first render is the server's
 * drawing (not live: its buttons say they are not ready); once the browser has taken it over, it is live.
 */
export function SignInApp({
  tab,
  onSignedIn,
}: {
  tab?: LoginTab | undefined;
  onSignedIn: (user: User) => void;
}) {
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    // boot.ts keeps a form from being sent natively until then.
    document.documentElement.dataset.appLive = 'true';
  }, []);
  return <SignInScreen live={live} tab={tab} onSignedIn={onSignedIn} />;
}
