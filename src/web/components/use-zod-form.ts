import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { $ZodType, input, output } from 'zod/v4/core';

/**
 * A react-hook-form form validated by a zod schema (src/domain/forms/forms.ts, the rules the server
 * checks again): the fields hold the schema's input, a valid submit gets its output.
 */
export function useZodForm<Schema extends $ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<input<Schema>, unknown, output<Schema>>, 'resolver'>,
): UseFormReturn<input<Schema>, unknown, output<Schema>> {
  return useForm<input<Schema>, unknown, output<Schema>>({ ...options, resolver: zodResolver(schema) });
}
