import { describe, expect, it, vi } from 'vitest';
import type { toast as Toastify } from 'react-toastify';

/** A fresh lib/toast.ts each test (its state is the module's), and a stand-in for react-toastify's `toast`. */
async function fresh() {
  vi.resetModules();
  const facade = await import('./toast');
  const calls: string[] = [];
  const active = new Set<string>();
  const library = {
    success: (content: string, options?: { toastId?: string }) => {
      calls.push(`success ${content}`);
      if (options?.toastId) active.add(options.toastId);
    },
    error: (content: string) => calls.push(`error ${content}`),
    info: (content: string) => calls.push(`info ${content}`),
    update: (id: string) => calls.push(`update ${id}`),
    dismiss: (id?: string) => calls.push(`dismiss ${id}`),
    isActive: (id: string) => active.has(id),
  } as unknown as typeof Toastify;
  return { ...facade, calls, library };
}

describe('toasts loaded by the first one (decision 104)', () => {
  it('asks for the container at the first toast and runs the waiting calls in order once it is there', async () => {
    const { toast, toastsWanted, toastsReady, calls, library } = await fresh();
    const heard = vi.fn();
    toastsWanted.subscribe(heard);
    expect(toastsWanted.get()).toBe(false);

    toast.success('Saved', { toastId: 'save' });
    toast.dismiss('old');
    toast.error('Failed');
    expect(toastsWanted.get()).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
    expect(toast.isActive('save')).toBe(false);

    toastsReady(library);
    expect(calls).toEqual(['success Saved', 'dismiss old', 'error Failed']);
    expect(toast.isActive('save')).toBe(true);

    toast.info('Later');
    expect(calls.at(-1)).toBe('info Later');
  });

  it('does not load the library to dismiss or update a toast that cannot exist yet', async () => {
    const { toast, toastsWanted, toastsReady, calls, library } = await fresh();
    toast.dismiss('new-requests');
    toast.update('new-requests', { autoClose: 5000 });
    expect(toastsWanted.get()).toBe(false);
    toastsReady(library);
    expect(calls).toEqual([]);
  });
});
