/**
 * The staff app's toasts, with react-toastify loaded by the first one (issue 25, decision 104): the library and its
 * stylesheet (about 10 KB gzip) are not part of a screen's first load. The calls are the library's (`toast.success`,
 * `error`, `info`, `update`, `dismiss`, `isActive`); a call made before the library and its container are there
 * waits for them and runs in order, so no toast is lost. `<Toasts />` (components/toasts.tsx) mounts the container
 * when the first toast asks for it.
 */
import type { Id, ToastContent, ToastOptions, UpdateOptions } from 'react-toastify';

type Library = typeof import('react-toastify').toast;

let library: Library | null = null;
const waiting: ((toast: Library) => void)[] = [];
let wanted = false;
const listeners = new Set<() => void>();

/** The container's side: whether a toast has asked for the library yet, and to hear when one does. */
export const toastsWanted = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => wanted,
};

/** Called by the container once it is mounted: the waiting calls run, in order, and later ones at once. */
export function toastsReady(toast: Library): void {
  library = toast;
  for (const run of waiting.splice(0)) run(toast);
}

function withLibrary(run: (toast: Library) => void): void {
  if (library) {
    run(library);
    return;
  }
  waiting.push(run);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

type Show = (content: ToastContent, options?: ToastOptions) => void;
const show =
  (kind: 'success' | 'error' | 'info'): Show =>
  (content, options) =>
    withLibrary((toast) => toast[kind](content, options));

/** Changes toasts that exist: before the library is there, only those still waiting, so it is not loaded for nothing. */
const onExisting = (run: (toast: Library) => void): void => {
  if (library || waiting.length > 0) withLibrary(run);
};

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  update: (id: Id, options: UpdateOptions): void =>
    onExisting((toast) => toast.update(id, options)),
  dismiss: (id?: Id): void => onExisting((toast) => toast.dismiss(id)),
  /** No toast is on screen before the library has loaded. */
  isActive: (id: Id): boolean => library?.isActive(id) ?? false,
};
