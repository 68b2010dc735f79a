import { useCallback } from 'react';
import { useDescribeError, useToast } from './toast.tsx';

export interface SubmitMessages<T> {
  /** Said when the action succeeds; none when the page says it otherwise. */
  success?: string | ((result: T) => string);
  /**
   * Said when it fails: the server's words for the error, else this (DescribeError); or a
   * function that words the error itself.
   */
  failed: string | ((error: unknown) => string);
}

/**
 * A form's submit, the same in every form: runs `action`, says in a toast how it went, and
 * resolves whether it succeeded (for what follows: a navigation, a reset).
 */
export type SubmitWithToast = <T>(action: () => Promise<T>, messages: SubmitMessages<T>) => Promise<boolean>;

export function useSubmitWithToast(): SubmitWithToast {
  const toast = useToast();
  const describeError = useDescribeError();
  return useCallback(
    async <T>(action: () => Promise<T>, { success, failed }: SubmitMessages<T>) => {
      let result: T;
      try {
        result = await action();
      } catch (error) {
        toast.error(typeof failed === 'string' ? describeError(error, failed) : failed(error));
        return false;
      }
      if (success !== undefined) toast.success(typeof success === 'string' ? success : success(result));
      return true;
    },
    [toast, describeError],
  );
}
