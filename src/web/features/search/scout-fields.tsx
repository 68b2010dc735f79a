import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { COUNTRIES, LIMITS } from '../../../domain/index.ts';
import { TextField } from '../../components/text-field.tsx';

type Field = 'name' | 'link' | 'country' | 'count' | 'keywords';

/**
 * The scout form's fields (SPEC §2): search name, Ad Library link, target country, number of
 * ads and keywords, registered by the caller's form — the scout form, and a watch's edit form.
 */
export function ScoutFields({
  fields,
  errors,
}: {
  fields: Record<Field, UseFormRegisterReturn>;
  errors: Partial<Record<Field, string | undefined>>;
}) {
  const countryId = useId();
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
        <div className="field">
          <label htmlFor={countryId}>Target country</label>
          <select id={countryId} className="select" {...fields.country}>
            {COUNTRIES.map((option) => (
              <option key={option.code} value={option.code}>
                {option.code} - {option.name}
              </option>
            ))}
          </select>
          {errors.country && (
            <p className="field-error" role="alert">
              {errors.country}
            </p>
          )}
        </div>
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
