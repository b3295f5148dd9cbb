import { Dropdown, type DropdownProps } from 'primereact/dropdown';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { FormField } from './form-field.tsx';

/** What a DropdownField passes on to its Dropdown: the options and how they show. */
export type DropdownOptions = Omit<DropdownProps, 'id' | 'inputId' | 'name' | 'value' | 'onChange' | 'onBlur'>;

interface DropdownFieldProps<Form extends FieldValues> extends DropdownOptions {
  control: Control<Form>;
  name: Path<Form>;
  /** The dropdown's id, unique on the page. */
  id: string;
  label: string;
  /** The id of a note elsewhere on the page that also describes the dropdown. */
  describedBy?: string | undefined;
}

/** A labelled dropdown of a react-hook-form form, with its error under it; nothing chosen is null. */
export function DropdownField<Form extends FieldValues>({ control, name, ...props }: DropdownFieldProps<Form>) {
  const { id, label, describedBy, ...dropdown } = props;
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField id={id} label={label} describedBy={describedBy} error={fieldState.error?.message}>
      {({ id: inputId, ...aria }) => (
        <Dropdown
          inputId={inputId}
          value={field.value ?? null}
          onChange={(event) => field.onChange(event.value ?? null)}
          onBlur={field.onBlur}
          {...aria}
          {...dropdown}
        />
      )}
    </FormField>
  );
}
