import { Button, Group, Input, Loader, Text } from '@mantine/core';
import { EVIDENCE_FILE_ACCEPT } from '@paydesk/domain/disputes/evidence';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { FilePicker } from '../../../components/file-picker.tsx';
import { filePreviewUrl } from '../../../lib/files.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import classes from './evidence-file-control.module.css';
import type { FileInfo, UploadState } from './use-evidence-form.ts';

/** What is being dragged over the page. */
type DragKind = 'file' | 'html' | 'default';

function dragKind(event: globalThis.DragEvent | DragEvent): DragKind {
  const types = Array.from(event.dataTransfer?.types ?? []);
  if (types.includes('Files')) return 'file';
  if (types.includes('text/html')) return 'html';
  return 'default';
}

/** What is dragged over the document, while something is; nested enters and leaves are counted. */
function useDocumentDrag(): DragKind | null {
  const [kind, setKind] = useState<DragKind | null>(null);
  useEffect(() => {
    let depth = 0;
    const enter = (event: globalThis.DragEvent) => {
      depth++;
      setKind(dragKind(event));
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setKind(null);
    };
    const end = () => {
      depth = 0;
      setKind(null);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', end);
    window.addEventListener('dragend', end);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', end);
      window.removeEventListener('dragend', end);
    };
  }, []);
  return kind;
}

/** An attached file: an image's preview at most 100 px wide, else its name. */
export function AttachedFile({
  fileId,
  filename,
  info,
}: {
  fileId: string;
  filename: string;
  info?: FileInfo;
}) {
  const image = info?.type.startsWith('image/') ?? false;
  return (
    <div data-testid="evidence-file" data-file-id={fileId}>
      {image ? <img className={classes.preview} src={filePreviewUrl(fileId)} alt={filename} /> : null}
      <Text size="sm">{filename || fileId}</Text>
    </div>
  );
}

interface Props {
  label: string;
  testId: string;
  description?: string;
  fileId: string;
  filename: string;
  info?: FileInfo;
  upload: UploadState;
  onUpload: (file: File) => void;
  onRemove: () => void;
  /** Whether the field holds what Paydesk wrote for it (a receipt of the order). */
  prefilled?: boolean;
  /** A way to have the server write the file instead, offered while the field is empty. */
  generate?: { label: string; busyLabel: string; busy: boolean; onGenerate: () => void };
}

/**
 * The file-upload control: a labelled file input shown as an "Upload file" button, a drop
 * zone that says "Drop files to upload" while a file is dragged over the page, the uploaded file
 * (an image's preview or the file name) with a way to remove it, and the server's refusal under
 * the field. Keyboard users reach the input by Tab and open it with Enter or Space.
 */
export function EvidenceFileControl({
  label,
  testId,
  description,
  fileId,
  filename,
  info,
  upload,
  onUpload,
  onRemove,
  prefilled,
  generate,
}: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const documentDrag = useDocumentDrag();
  const [overZone, setOverZone] = useState(false);
  const uploading = upload.status === 'uploading';
  const state = uploading ? 'loading' : upload.status === 'error' ? 'error' : fileId ? 'done' : 'idle';
  const droppable = documentDrag === 'file' && !uploading;
  const busyLabel = generate?.busy ? generate.busyLabel : __('Uploading…');

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onUpload(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOverZone(false);
    if (!uploading) take(event.dataTransfer.files);
  };
  const remove = () => {
    onRemove();
    // The button that had the focus is gone; the file input takes it.
    input.current?.focus();
  };

  return (
    // The zone only receives dragged files; the file input inside it is the keyboard's way in.
    // biome-ignore lint/a11y/noStaticElementInteractions: drop target for pointer users only
    <div
      className={classes.zone}
      data-testid={testId}
      data-state={state}
      data-prefilled={prefilled || undefined}
      onDragOver={(event) => {
        if (!droppable) return;
        event.preventDefault();
        setOverZone(true);
      }}
      onDragLeave={() => setOverZone(false)}
      onDrop={drop}
    >
      <Input.Label htmlFor={`${id}-input`} id={`${id}-label`} display="block">
        {label}
      </Input.Label>
      {description && <Input.Description id={`${id}-description`}>{description}</Input.Description>}
      {fileId && <AttachedFile fileId={fileId} filename={filename} info={info} />}
      <Group gap="xs" mt={6}>
        <FilePicker
          ref={input}
          id={id}
          labelId={`${id}-label`}
          describedBy={[
            description ? `${id}-description` : '',
            upload.status === 'error' ? `${id}-error` : '',
          ]
            .filter(Boolean)
            .join(' ')}
          accept={EVIDENCE_FILE_ACCEPT}
          disabled={uploading}
          invalid={upload.status === 'error'}
          onFiles={take}
          button={{
            variant: state === 'done' ? 'light' : 'default',
            color: state === 'done' ? 'green' : state === 'error' ? 'red' : undefined,
            'data-state': state,
            'aria-busy': uploading || undefined,
            leftSection: uploading ? (
              <Loader size={12} />
            ) : state === 'done' ? (
              <span aria-hidden="true">✓</span>
            ) : null,
            children: uploading ? busyLabel : fileId ? __('Replace file') : __('Upload file'),
          }}
        />
        {generate && !fileId && !uploading && (
          <Button
            size="compact-sm"
            variant="default"
            onClick={generate.onGenerate}
            data-testid="evidence-generate"
          >
            {generate.label}
          </Button>
        )}
        {fileId && !uploading && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={remove}
            aria-label={sprintf(__('Remove %s'), label)}
          >
            {__('Remove')}
          </Button>
        )}
      </Group>
      {upload.status === 'error' && (
        <Text size="sm" c="red.8" mt={4} id={`${id}-error`} role="alert" data-testid="evidence-file-error">
          {upload.message}
        </Text>
      )}
      {droppable && (
        <div className={classes.overlay} data-over={overZone || undefined} data-testid="evidence-drop-zone">
          {__('Drop files to upload')}
        </div>
      )}
    </div>
  );
}
