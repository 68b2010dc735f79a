import type { UseFormRegisterReturn } from 'react-hook-form';
import { COUNTRIES, LIMITS } from '../../../domain/index.ts';
import { SelectField } from '../../components/select-field.tsx';
import { TextField } from '../../components/text-field.tsx';

type Field = 'name' | 'link' | 'country' | 'count' | 'keywords';

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({
  value: country.code,
  label: `${country.code} - ${country.name}`,
}));

/**
 * The scout form's fields (docs/product.md#screens-and-routes): search name, Ad Library link, target country,
 * number of ads and keywords, registered by the caller's form — the scout form, and a watch's edit form.
 */
export function ScoutFields({
  fields,
  errors,
}: {
  fields: Record<Field, UseFormRegisterReturn>;
  errors: Partial<Record<Field, string | undefined>>;
}) {
  return (
    <>
      <TextField label="Search name" placeholder="e.g. Pet gadgets US" error={errors.name} {...fields.name} />
      <TextField
        label="Facebook Ad Library link"
        type="url"
        inputMode="url"
        placeholder="https://www.facebook.com/ads/library/?active_status=active&country=US&q=…"
        error={errors.link}
        {...fields.link}
      />
      <div className="scout-form-row">
        <SelectField
          label="Target country"
          options={COUNTRY_OPTIONS}
          error={errors.country}
          {...fields.country}
        />
        <TextField
          label="Number of ads"
          type="number"
          inputMode="numeric"
          min={LIMITS.adsPerSearch.min}
          max={LIMITS.adsPerSearch.max}
          step={1}
          error={errors.count}
          {...fields.count}
        />
      </div>
      <TextField
        label="Keywords (optional)"
        placeholder="free shipping, bestseller, 50% off"
        hint="Separate keywords with commas. They replace the search words of the link."
        error={errors.keywords}
        {...fields.keywords}
      />
    </>
  );
}
