import './delivery-pickers.css';

export interface CourierDay {
  /** YYYY-MM-DD, what the form sends. */
  date: string;
  /** As people read it: «пт, 4 декабря». */
  label: string;
}

export interface CourierScheduleProps {
  days: readonly CourierDay[];
  /** The time slots, as shown and sent: «10:00–14:00». */
  slots: readonly string[];
  date: string | null;
  slot: string | null;
  onDate: (date: string) => void;
  onSlot: (slot: string) => void;
  errors?: { date?: string; slot?: string };
}

/**
 * The shop courier's day and time: two rows of chips, each a radio of the form (deliveryDate,
 * deliveryTimeSlot), so the choice is sent without JavaScript too. On a phone a row scrolls sideways.
 */
export function CourierSchedule({
  days,
  slots,
  date,
  slot,
  onDate,
  onSlot,
  errors = {},
}: CourierScheduleProps) {
  return (
    <div className="courier-schedule">
      <ChipGroup
        name="deliveryDate"
        title="День доставки"
        error={errors.date}
        empty="Свободных дней у курьера нет: выберите другую доставку."
        chips={days.map((day) => ({ value: day.date, label: day.label }))}
        chosen={date}
        onChoose={onDate}
      />
      <ChipGroup
        name="deliveryTimeSlot"
        title="Время доставки"
        error={errors.slot}
        empty="Свободного времени нет: выберите другой день."
        chips={slots.map((value) => ({ value, label: value }))}
        chosen={slot}
        onChoose={onSlot}
      />
    </div>
  );
}

interface ChipGroupProps {
  /** The radios' name; also the group's id, to focus it on an error. */
  name: string;
  title: string;
  error?: string;
  empty: string;
  chips: { value: string; label: string }[];
  chosen: string | null;
  onChoose: (value: string) => void;
}

function ChipGroup({ name, title, error, empty, chips, chosen, onChoose }: ChipGroupProps) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="courier-schedule__group"
      id={name}
      tabIndex={-1}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="courier-schedule__title">{title}</legend>
      {error && (
        <p id={errorId} className="checkout-section__error">
          {error}
        </p>
      )}
      {chips.length === 0 ? (
        <p className="courier-schedule__empty">{empty}</p>
      ) : (
        <div className="chip-row">
          {chips.map((chip) => (
            <label key={chip.value} className="pick-chip">
              <input
                type="radio"
                name={name}
                value={chip.value}
                checked={chosen === chip.value}
                onChange={() => onChoose(chip.value)}
              />
              <span className="pick-chip__box">{chip.label}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
