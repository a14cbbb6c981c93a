import { describe, expect, it, vi } from 'vitest';
import type { UseFormReturn } from 'react-hook-form';
import { ApiRequestError } from './api-client';
import { serverErrorToForm } from './form';

type Values = { loginId: string; pin: string };

function fakeForm() {
  const setError = vi.fn();
  return { form: { setError } as unknown as UseFormReturn<Values, unknown, Values>, setError };
}

const refusal = (status: number, code: string, message: string, suggestions?: string[]) =>
  new ApiRequestError({ status, code, message, suggestions, fromServer: true });

describe('serverErrorToForm', () => {
  it('puts a mapped code on its field, focused, with the server message or the override', () => {
    const { form, setError } = fakeForm();
    const result = serverErrorToForm(form, refusal(409, 'login_id_taken', 'taken', ['a1']), {
      fields: { login_id_taken: 'loginId' },
      messages: { login_id_taken: (error) => `taken, try ${error.suggestions[0]}` },
      fallback: 'Failed',
    });
    expect(result).toEqual({ message: 'taken, try a1', known: true });
    expect(setError).toHaveBeenCalledWith(
      'loginId',
      { type: 'login_id_taken', message: 'taken, try a1' },
      { shouldFocus: true },
    );
  });

  it('an unmapped 4xx goes to the root error with its own message; a 5xx gets the fallback text', () => {
    const { form, setError } = fakeForm();
    expect(
      serverErrorToForm(form, refusal(400, 'bad', 'Bad'), { fallback: 'Failed' }).message,
    ).toBe('Bad');
    expect(setError).toHaveBeenLastCalledWith('root.server', { type: 'bad', message: 'Bad' });
    const down = serverErrorToForm(form, refusal(503, 'down', 'internal'), {
      otherwise: 'pin',
      fallback: 'Failed',
    });
    expect(down).toEqual({ message: 'Failed', known: false });
    expect(setError).toHaveBeenLastCalledWith(
      'pin',
      { type: 'down', message: 'Failed' },
      { shouldFocus: true },
    );
  });

  it('isKnown narrows which server messages are shown', () => {
    const { form } = fakeForm();
    const result = serverErrorToForm(form, refusal(400, 'odd', 'Odd'), {
      isKnown: (error) => error.status === 409,
      fallback: 'Login failed',
    });
    expect(result.message).toBe('Login failed');
  });
});
