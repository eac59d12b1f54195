import { Button, Group, Input, Loader, Text } from '@mantine/core';
import { BRANDING_LOGO_PURPOSE, UPLOAD_RULES, uploadSizeError } from '@paydesk/domain/files/upload-purposes';
import { useId, useRef, useState } from 'react';
import { FilePicker } from '../../../components/file-picker.tsx';
import { ApiError } from '../../../lib/api.ts';
import { filePreviewUrl } from '../../../lib/files.ts';
import { __ } from '../../../lib/i18n.ts';
import { useUploadLogo } from '../api/logo.ts';
import classes from './branding-logo.module.css';

const RULES = UPLOAD_RULES[BRANDING_LOGO_PURPOSE];

/** The server's reason for refusing the upload: the one it names on `file`, else its message. */
function refusalOf(failure: Error): string {
  const params =
    failure instanceof ApiError ? (failure.data.params as Record<string, string> | undefined) : undefined;
  return params?.file ?? failure.message;
}

/**
 * The settings' branding logo (`account_branding_logo`): the current logo's preview, a labelled
 * file input shown as an upload button (Tab reaches it, Enter or Space opens it), the server's
 * refusal under it, and a way to remove the logo. An upload is stored at once; the settings
 * name it when they are saved, like any other change.
 */
export function BrandingLogo({
  fileId,
  error,
  onChange,
}: {
  fileId: string;
  /** The settings save's reason for refusing the field. */
  error?: string | undefined;
  onChange: (fileId: string) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const [refusal, setRefusal] = useState<string | null>(null);
  const uploading = upload.isPending;
  const message = refusal ?? error ?? null;

  const take = (file: File | undefined) => {
    if (!file) return;
    // The cap is known here; the type is the bytes', which the server reads.
    const tooLarge = uploadSizeError(BRANDING_LOGO_PURPOSE, file.size);
    if (tooLarge) {
      setRefusal(tooLarge);
      return;
    }
    setRefusal(null);
    upload.mutate(file, {
      onSuccess: (stored) => onChange(stored.id),
      onError: (failure) => setRefusal(refusalOf(failure)),
    });
  };
  const remove = () => {
    setRefusal(null);
    onChange('');
    // The button that had the focus is gone; the file input takes it.
    input.current?.focus();
  };

  return (
    <div data-testid="branding-logo">
      <Input.Label htmlFor={`${id}-input`} id={`${id}-label`} display="block">
        {__('Logo')}
      </Input.Label>
      <Input.Description id={`${id}-description`}>
        {__('A PNG or JPEG image of at most 1 MB.')}
      </Input.Description>
      {fileId ? (
        <img
          className={classes.preview}
          src={filePreviewUrl(fileId)}
          alt={__('Current logo')}
          data-testid="branding-logo-preview"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {__('No logo uploaded.')}
        </Text>
      )}
      <Group gap="xs" mt={6}>
        <FilePicker
          ref={input}
          id={id}
          labelId={`${id}-label`}
          describedBy={[`${id}-description`, message ? `${id}-error` : ''].filter(Boolean).join(' ')}
          accept={RULES.accept}
          disabled={uploading}
          invalid={message !== null}
          onFiles={(files) => take(files?.[0])}
          button={{
            variant: 'default',
            'aria-busy': uploading || undefined,
            leftSection: uploading ? <Loader size={12} /> : null,
            children: uploading ? __('Uploading…') : fileId ? __('Replace logo') : __('Upload logo'),
          }}
        />
        {fileId && !uploading ? (
          <Button size="compact-sm" variant="subtle" color="red" onClick={remove}>
            {__('Remove logo')}
          </Button>
        ) : null}
      </Group>
      {message ? (
        <Text size="sm" c="red.8" mt={4} id={`${id}-error`} role="alert" data-testid="branding-logo-error">
          {message}
        </Text>
      ) : null}
    </div>
  );
}
