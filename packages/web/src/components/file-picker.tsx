import { Button, type ButtonProps } from '@mantine/core';
import { forwardRef, type ReactNode } from 'react';
import classes from './file-picker.module.css';

interface Props {
  /** The prefix of the input's and button's ids (`${id}-input`, `${id}-button`). */
  id: string;
  /** The id of the field's visible label, read after the button's text. */
  labelId: string;
  describedBy?: string | undefined;
  accept: string;
  disabled: boolean;
  invalid: boolean;
  onFiles: (files: FileList | null) => void;
  button: Omit<ButtonProps, 'children'> & {
    children: ReactNode;
    'data-state'?: string;
    'aria-busy'?: boolean;
  };
}

/**
 * A file input shown as a button (evidence files, the branding logo): the input is the
 * keyboard's way in (Tab reaches it, Enter or Space opens it) and is named by the button's text
 * and the field's label; the button is its `<label>`, so a click opens it too.
 */
export const FilePicker = forwardRef<HTMLInputElement, Props>(function FilePicker(
  { id, labelId, describedBy, accept, disabled, invalid, onFiles, button },
  ref,
) {
  return (
    <>
      <input
        ref={ref}
        id={`${id}-input`}
        className={classes.input}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-labelledby={`${id}-button ${labelId}`}
        aria-describedby={describedBy || undefined}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          onFiles(event.currentTarget.files);
          // The same file may be chosen again after a failure.
          event.currentTarget.value = '';
        }}
      />
      <Button
        component="label"
        htmlFor={`${id}-input`}
        id={`${id}-button`}
        className={classes.button}
        size="compact-sm"
        {...button}
      />
    </>
  );
});
