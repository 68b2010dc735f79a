import type { UseFormRegisterReturn } from 'react-hook-form';
import { COUNTRIES, LIMITS, type ScoutFormField } from '../../../domain/index.ts';
import { SelectField } from '../../components/select-field.tsx';
import { TextField } from '../../components/text-field.tsx';

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({
  value: country.code,
  label: `${country.code} - ${country.name}`,
}));

/**
 * The scout form's fields (docs/product.md#screens-and-routes): search name, Ad Library link, target country,
 * number of ads and keywords, registered by the caller's form — the scout form, and a watch's edit form —
 * under the field's name in that form (`register`) with its error (`errorOf`).
 */
export function ScoutFields({
  register,
  errorOf,
}: {
  register: (field: ScoutFormField) => UseFormRegisterReturn;
  errorOf: (field: ScoutFormField) => string | undefined;
}) {
  return (
    <>
      <TextField
        label="Search name"
        placeholder="e.g. Pet gadgets US"
        error={errorOf('search_name')}
        {...register('search_name')}
      />
      <TextField
        label="Facebook Ad Library link"
        type="url"
        inputMode="url"
        placeholder="https://www.facebook.com/ads/library/?active_status=active&country=US&q=…"
        error={errorOf('facebook_link')}
        {...register('facebook_link')}
      />
      <div className="scout-form-row">
        <SelectField
          label="Target country"
          options={COUNTRY_OPTIONS}
          error={errorOf('target_country')}
          {...register('target_country')}
        />
        <TextField
          label="Number of ads"
          type="number"
          inputMode="numeric"
          min={LIMITS.adsPerSearch.min}
          max={LIMITS.adsPerSearch.max}
          step={1}
          error={errorOf('requested_count')}
          {...register('requested_count')}
        />
      </div>
      <TextField
        label="Keywords (optional)"
        placeholder="free shipping, bestseller, 50% off"
        hint="Separate keywords with commas. They replace the search words of the link."
        error={errorOf('keywords_used')}
        {...register('keywords_used')}
      />
    </>
  );
}
