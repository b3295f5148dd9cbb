import { Checkbox } from 'primereact/checkbox';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { FormField } from './form-field.tsx';

interface CheckboxFieldProps<Form extends FieldValues> {
  control: Control<Form>;
  /** A yes-or-no field of the form. */
  name: Path<Form>;
  /** The checkbox's id, unique on the page. */
  id: string;
  label: string;
  /** The id of a note elsewhere on the page that also describes the checkbox. */
  describedBy?: string | undefined;
  disabled?: boolean;
  /** Classes of the field around checkbox and label (FormField's `field` unless given). */
  className?: string;
}

/** A checkbox of a react-hook-form form with its label after it, and its error under it. */
export function CheckboxField<Form extends FieldValues>({
  control,
  name,
  disabled,
  ...layout
}: CheckboxFieldProps<Form>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField {...layout} variant="check" error={fieldState.error?.message}>
      {({ id, ...aria }) => (
        <Checkbox
          inputId={id}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(Boolean(event.checked))}
          onBlur={field.onBlur}
          disabled={disabled}
          {...aria}
        />
      )}
    </FormField>
  );
}
