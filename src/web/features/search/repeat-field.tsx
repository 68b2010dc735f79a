import { useId } from 'react';
import { WATCH_CADENCES, cadenceLabel, type WatchCadence } from '../../../domain/index.ts';

export type Repeat = 'off' | WatchCadence;

const OPTIONS: readonly Repeat[] = ['off', ...WATCH_CADENCES];

/** The scout form's "Repeat: Off / Daily / Weekly": anything but Off makes the search a watch. */
export function RepeatField({ value, onChange }: { value: Repeat; onChange: (value: Repeat) => void }) {
  const hintId = useId();
  return (
    <fieldset className="field repeat-field" aria-describedby={hintId}>
      <legend>Repeat</legend>
      <div className="segmented">
        {OPTIONS.map((option) => (
          <label
            key={option}
            className={value === option ? 'segmented-option is-selected' : 'segmented-option'}
          >
            <input
              type="radio"
              name="repeat"
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {option === 'off' ? 'Off' : cadenceLabel(option)}
          </label>
        ))}
      </div>
      <p id={hintId} className="field-hint">
        {value === 'off'
          ? 'Off: one scout now.'
          : `${cadenceLabel(value)}: saved as a watch that AdScout runs for you ${value === 'daily' ? 'every day' : 'every week'}, charging only for ads new to your database.`}
      </p>
    </fieldset>
  );
}
