import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useState, type ReactNode } from 'react';
import { toast } from './toast';
import { appText } from '@shared/i18n/app';
import type { User } from '@shared/schemas';
import { useI18n } from './i18n';
import { queryKeys } from './query-keys';
import { useSession } from './session-api';

export interface ActiveRestaurant {
  /** The restaurant the staff screens work on; null for a super admin or an admin without restaurants. */
  restaurantId: string | null;
  /** Admin settings pick another of the admin's restaurants (SPEC §2 /admin/settings); null: the default. */
  setRestaurantId: (restaurantId: string | null) => void;
}

const ActiveRestaurantContext = createContext<ActiveRestaurant>({
  restaurantId: null,
  setRestaurantId: () => undefined,
});

/**
 * SPEC §6: a server works in their own restaurant; an admin works on the first restaurant of their list by
 * default, or on the one they chose if it is still theirs.
 */
function resolveActiveRestaurantId(user: User | null, chosen: string | null): string | null {
  if (user === null) return null;
  switch (user.role) {
    case 'server':
      return user.restaurantId;
    case 'admin':
      return chosen !== null && user.restaurantIds.includes(chosen)
        ? chosen
        : (user.restaurantIds[0] ?? null);
    case 'super_admin':
      return null;
  }
}

// The admin's choice survives a reload and a visit to the print page, per user, on this device only.
const storageKey = (userId: string) => `table-service.active-restaurant.${userId}`;

function readStoredChoice(userId: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

function storeChoice(userId: string, restaurantId: string | null): void {
  try {
    if (restaurantId === null) window.localStorage.removeItem(storageKey(userId));
    else window.localStorage.setItem(storageKey(userId), restaurantId);
  } catch {
    // Storage may be disabled (private mode): the choice then lasts until the page is reloaded.
  }
}

interface Choice {
  userId: string;
  restaurantId: string | null;
}

export function ActiveRestaurantProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const { user } = session;
  const i18n = useI18n();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice | null>(null);
  // The chosen restaurant missing from the session, and when the session was asked again about it.
  const [asked, setAsked] = useState<{ restaurantId: string; at: number } | null>(null);
  const sessionFetching = useIsFetching({ queryKey: queryKeys.session }) > 0;
  const userId = user?.id ?? null;

  // A choice made by a previous user of this device never carries over to the next one.
  const chosen =
    userId === null
      ? null
      : choice?.userId === userId
        ? choice.restaurantId
        : readStoredChoice(userId);

  const setRestaurantId = useCallback(
    (restaurantId: string | null) => {
      if (userId === null) return;
      storeChoice(userId, restaurantId);
      setChoice({ userId, restaurantId });
    },
    [userId],
  );

  // SPEC §8: the chosen restaurant is gone (deleted elsewhere): fall back to the first and say so. Judged only on
  // a session answered after the choice was found missing from it: the session in hand may be older than the
  // choice (a restaurant created a moment ago, in this tab or another, whose choice the storage holds).
  const missing = user?.role === 'admin' && chosen !== null && !user.restaurantIds.includes(chosen);
  useEffect(() => {
    if (!missing || chosen === null || asked?.restaurantId === chosen) return;
    setAsked({ restaurantId: chosen, at: Date.now() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }, [missing, chosen, asked, queryClient]);
  const vanished =
    missing &&
    !sessionFetching &&
    asked !== null &&
    asked.restaurantId === chosen &&
    session.answeredAt > asked.at;
  useEffect(() => {
    if (!vanished || user === null) return;
    setRestaurantId(null);
    if (user.restaurantIds.length > 0) toast.info(appText(i18n, 'app.console.restaurantSwitched'));
  }, [vanished, user, setRestaurantId, i18n]);

  const value: ActiveRestaurant = {
    restaurantId: resolveActiveRestaurantId(user, chosen),
    setRestaurantId,
  };
  return <ActiveRestaurantContext value={value}>{children}</ActiveRestaurantContext>;
}

export function useActiveRestaurant(): ActiveRestaurant {
  return use(ActiveRestaurantContext);
}
