import { useEffect } from 'react';
import { toast } from './toast';

/** SPEC §8 load failures ('Failed to load tables', …) are toasts: one per failure, not one per render. */
export function useErrorToast(isError: boolean, message: string): void {
  useEffect(() => {
    if (isError) toast.error(message, { toastId: message });
  }, [isError, message]);
}
