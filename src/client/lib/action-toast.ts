/**
 * Toasts that answer an action (issue 12, decision 032): each action or form has its own toast id, so a later
 * success replaces the error it answers instead of sitting beside it, and a repeated error replaces the previous
 * one instead of stacking a copy.
 */
import { toast } from './toast';
import { TOAST_MS } from '@shared/constants';

const errorId = (action: string) => `${action}:error`;
const successId = (action: string) => `${action}:success`;

export function actionFailed(action: string, message: string): void {
  toast.dismiss(successId(action));
  const id = errorId(action);
  if (toast.isActive(id)) toast.update(id, { render: message, type: 'error', autoClose: TOAST_MS });
  else toast.error(message, { toastId: id });
}

export function actionSucceeded(action: string, message: string): void {
  toast.dismiss(errorId(action));
  const id = successId(action);
  if (toast.isActive(id))
    toast.update(id, { render: message, type: 'success', autoClose: TOAST_MS });
  else toast.success(message, { toastId: id });
}
