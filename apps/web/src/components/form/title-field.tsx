import { Dropdown } from 'primereact/dropdown';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from './form-field.tsx';

interface TitleFieldProps<Form extends FieldValues> {
  /** A form with a `title` field. */
  control: Control<Form>;
  id: string;
  titles: readonly string[];
}

/** The person's title (Mr, Mrs, ...) as a dropdown. */
export function TitleField<Form extends FieldValues>({ control, id, titles }: TitleFieldProps<Form>) {
  return (
    <Controller
      control={control}
      name={'title' as Path<Form>}
      render={({ field, fieldState }) => (
        <FormField id={id} label="Title" error={fieldState.error?.message}>
          {({ id: inputId, ...aria }) => (
            <Dropdown
              inputId={inputId}
              value={field.value || null}
              onChange={(event) => field.onChange(event.value)}
              onBlur={field.onBlur}
              options={[...titles]}
              placeholder="Select a title"
              pt={{ select: { 'aria-label': 'Title' } }}
              className="w-full"
              {...aria}
            />
          )}
        </FormField>
      )}
    />
  );
}
