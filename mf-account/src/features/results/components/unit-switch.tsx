import { useId } from 'react';
import { UNIT_CHOICES, type UnitChoice } from '../model/unit-choice';

/** Native radios in a labelled group: arrow keys move the choice, screen readers name the group. */
export function UnitSwitch({
  choice,
  onChoose,
}: {
  choice: UnitChoice;
  onChoose: (choice: UnitChoice) => void;
}) {
  const name = useId();
  return (
    <fieldset className="res-units">
      <legend>Cholesterol and glucose in</legend>
      <div className="res-units-options">
        {UNIT_CHOICES.map((unit) => (
          <label key={unit} data-checked={choice === unit}>
            <input
              type="radio"
              name={name}
              value={unit}
              checked={choice === unit}
              onChange={() => onChoose(unit)}
            />
            <span>{unit}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
