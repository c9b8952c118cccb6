import type { InputHTMLAttributes, ReactNode, Ref } from "react";

interface LoginFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Id of a message about this field (an error notice), for `aria-describedby`. */
  describedBy?: string;
  invalid?: boolean;
  /** A control beside the input, such as a show-password button. */
  addon?: ReactNode;
}

/** A labelled input for the sign-in and test-mail forms. */
export function LoginField({ id, label, inputRef, describedBy, invalid, addon, ...input }: LoginFieldProps) {
  const control = (
    <input
      id={id}
      ref={inputRef}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {addon ? <div className="field__with-addon">{control}{addon}</div> : control}
    </div>
  );
}
