import type { Control, FieldValues, Path } from 'react-hook-form';
import { DropdownField } from './dropdown-field.tsx';

interface TitleFieldProps<Form extends FieldValues> {
  /** A form with a `title` field. */
  control: Control<Form>;
  id: string;
  titles: readonly string[];
}

/** The person's title (Mr, Mrs, ...) as a dropdown. */
export function TitleField<Form extends FieldValues>({ control, id, titles }: TitleFieldProps<Form>) {
  return (
    <DropdownField
      control={control}
      name={'title' as Path<Form>}
      id={id}
      label="Title"
      options={[...titles]}
      placeholder="Select a title"
      pt={{ select: { 'aria-label': 'Title' } }}
      className="w-full"
    />
  );
}
