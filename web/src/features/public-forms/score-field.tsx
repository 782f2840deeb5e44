import { Fragment, useEffect, useRef } from 'react';
import { useController, type Control, type FieldPath } from 'react-hook-form';
import { Input } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import type { FeedbackData, FeedbackInput } from '@pilbara/shared-schema';
import classes from './score-field.module.css';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A score of one to five stars as five native radio buttons in a fieldset, so it is chosen, posted
 * and announced with no script at all (docs/no-script-forms.md); the stars up to the chosen one
 * are filled by the stylesheet, with script or without. Each star is a 44 px tap target.
 */
export function ScoreField({
  control,
  name,
  label,
}: {
  control: Control<FeedbackInput, unknown, FeedbackData>;
  name: FieldPath<FeedbackInput>;
  label: string;
}) {
  const id = `feedback-${name}`;
  const errorId = `${id}-error`;
  const { field, fieldState } = useController({ control, name });
  const group = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    // A star tapped before the script hydrated the page is checked in the page; the form
    // learns that choice here, once.
    const chosen = Number(group.current?.querySelector<HTMLInputElement>('input:checked')?.value);
    if (chosen && chosen !== field.value) field.onChange(chosen);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const error = fieldState.error?.message;
  return (
    <fieldset className={classes.score} id={id} ref={group}>
      <legend className={classes.legend}>
        {label}
        <span className={classes.required} aria-hidden>
          *
        </span>
      </legend>
      <div className={classes.stars}>
        {STARS.map((stars) => (
          <Fragment key={stars}>
            <input
              className={classes.input}
              type="radio"
              id={`${id}-${stars}`}
              name={name}
              value={stars}
              checked={field.value === stars}
              onChange={() => field.onChange(stars)}
              onBlur={field.onBlur}
              ref={stars === 1 ? field.ref : undefined}
              aria-label={`${label}: ${stars} out of 5`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <label className={classes.star} htmlFor={`${id}-${stars}`}>
              <IconStarFilled aria-hidden />
            </label>
          </Fragment>
        ))}
      </div>
      {error ? <Input.Error id={errorId}>{error}</Input.Error> : null}
    </fieldset>
  );
}
