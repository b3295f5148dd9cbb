import { Dropdown, type DropdownProps } from 'primereact/dropdown';

interface ChoiceFieldProps extends Omit<DropdownProps, 'inputId'> {
  id: string;
  label: string;
  /** Classes of the field around label and dropdown (its grid column). */
  fieldClassName?: string;
}

/** A labelled dropdown. */
export function ChoiceField({ id, label, fieldClassName, className = 'w-full', ...dropdown }: ChoiceFieldProps) {
  return (
    <div className={fieldClassName}>
      <label htmlFor={id} className="block font-medium mb-2">
        {label}
      </label>
      <Dropdown inputId={id} className={className} {...dropdown} />
    </div>
  );
}
