import { checkInput, type InputSchema } from '../../domain/forms/forms.ts';

/** The JSON body of a request checked against its contract; a 400 with the first rule it breaks. */
export function requestBody<T>(e: core.RequestEvent, schema: InputSchema<T>): T {
  const checked = checkInput(schema, e.requestInfo().body || {});
  if (!checked.ok) throw new BadRequestError(checked.message);
  return checked.data;
}
