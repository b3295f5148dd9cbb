import { Dropdown } from 'primereact/dropdown';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { describedBy, FormField } from './form-field.tsx';

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
          <Dropdown
            inputId={id}
            value={field.value || null}
            onChange={(event) => field.onChange(event.value)}
            onBlur={field.onBlur}
            options={[...titles]}
            placeholder="Select a title"
            pt={{ select: { 'aria-label': 'Title' } }}
            invalid={Boolean(fieldState.error)}
            className="w-full"
            {...describedBy(id, fieldState.error?.message)}
          />
        </FormField>
      )}
    />
  );
}
