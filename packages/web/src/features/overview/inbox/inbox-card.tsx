import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { inbox } from '@paydesk/domain/contracts';
import { formatStoreDate } from '@paydesk/domain/date-format';
import { INBOX_DISMISS_ANIMATION_MS, isNoteUnread } from '@paydesk/domain/inbox/notes';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';
import { navigate } from '../../../lib/navigation.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { useDismissAllNotes, useDismissNote, useRestoreNotes } from './api/dismiss-notes.ts';
import { useInboxLastRead, useMarkInboxRead } from './api/last-read.ts';
import { useInboxNotes } from './api/list-notes.ts';
import { useNoteAction } from './api/note-action.ts';
import classes from './inbox-card.module.css';
import { sanitizeNoteContent } from './sanitize.ts';

type Note = inbox.TNote;
type Dismissal = { kind: 'one'; note: Note } | { kind: 'all' };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function noteDate(note: Note): string {
  const settings = getSettings();
  const epoch_s = Math.floor(Date.parse(`${note.date_created_gmt}Z`) / 1000);
  return formatStoreDate(epoch_s, settings.dateFormat, settings.timezone);
}

/**
 * The Overview inbox: this product's unactioned notes, newest first, a few at
 * a time with "Show more" (docs/overview.md "Inbox notes"). A note
 * is dismissed after a confirmation, with Undo in the notice; notes newer than the last visit
 * are marked unread, and the visit is saved as the new last-read time.
 */
export default function InboxCard() {
  const list = useInboxNotes(true);
  const lastRead = useInboxLastRead(true);
  const markRead = useMarkInboxRead();
  const dismissOne = useDismissNote();
  const dismissAll = useDismissAllNotes();
  const restore = useRestoreNotes();
  const action = useNoteAction();
  const [confirming, setConfirming] = useState<Dismissal | null>(null);
  const [leaving, setLeaving] = useState<ReadonlySet<number>>(new Set());
  const markedRead = useRef(false);
  const notes = list.data?.pages.flatMap((page) => page.data) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;
  // "Show more" moves focus to the first note it adds, once that note is on the page.
  const focusFrom = useRef<number | null>(null);
  const noteRefs = useRef(new Map<number, HTMLElement>());
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || list.isFetchingNextPage || notes.length <= from) return;
    focusFrom.current = null;
    const first = notes[from];
    if (first) noteRefs.current.get(first.id)?.focus();
  });
  const showMore = () => {
    focusFrom.current = notes.length;
    void list.fetchNextPage();
  };
  // A confirmed dismissal takes away the control that asked for it: the note that closes up
  // the gap takes the focus, else the one before it, else the inbox's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const afterDismissal = () => {
    const at = notes.findIndex((note) => leaving.has(note.id));
    const staying = (note: Note) => !leaving.has(note.id);
    const next = notes.slice(at + 1).find(staying) ?? notes.slice(0, Math.max(at, 0)).reverse().find(staying);
    return (next && noteRefs.current.get(next.id)) ?? heading.current;
  };

  const loaded = list.isSuccess && lastRead.isFetched;
  useEffect(() => {
    if (!loaded || markedRead.current) return;
    markedRead.current = true;
    markRead.mutate(Date.now());
  }, [loaded, markRead]);

  const undo = (ids: number[], failure: string) => () =>
    restore.mutate(ids, { onError: () => createNotice('error', failure) });

  const confirmDismissal = async (dismissal: Dismissal) => {
    setConfirming(null);
    const ids = dismissal.kind === 'one' ? [dismissal.note.id] : notes.map((n) => n.id);
    setLeaving(new Set(ids));
    try {
      // The note fades out while the server records the dismissal (500 ms).
      if (dismissal.kind === 'one') {
        await Promise.all([dismissOne.mutateAsync(dismissal.note.id), wait(INBOX_DISMISS_ANIMATION_MS)]);
        createNotice('success', __('Message dismissed'), {
          actions: [
            { label: __('Undo'), onClick: undo([dismissal.note.id], __('Message could not be dismissed')) },
          ],
        });
      } else {
        const [dismissed] = await Promise.all([dismissAll.mutateAsync(), wait(INBOX_DISMISS_ANIMATION_MS)]);
        createNotice('success', __('All messages dismissed'), {
          actions: [
            {
              label: __('Undo'),
              onClick: undo(
                dismissed.data.map((n) => n.id),
                __('Messages could not be dismissed'),
              ),
            },
          ],
        });
      }
    } catch {
      createNotice(
        'error',
        dismissal.kind === 'one'
          ? __('Message could not be dismissed')
          : __('Messages could not be dismissed'),
      );
    } finally {
      setLeaving(new Set());
    }
  };

  const follow = (note: Note, actionId: number, url: string) => {
    action.mutate(
      { id: note.id, action_id: actionId },
      {
        onSuccess: () => navigate(url),
        onError: (error) => createNotice('error', error.message),
      },
    );
  };

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Stack gap="sm">
        <Skeleton height={18} width="40%" />
        <Skeleton height={40} />
      </Stack>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" data-testid="inbox-error">
        <Text size="sm">{__('There was an error getting your inbox. Please try again.')}</Text>
        <Button mt="sm" size="compact-sm" variant="light" onClick={() => list.refetch()}>
          {__('Reload')}
        </Button>
      </Alert>
    );
  } else if (notes.length === 0) {
    body = (
      <Stack gap={4} data-testid="inbox-empty">
        <Text fw={600}>{__('Your inbox is empty')}</Text>
        <Text size="sm" c="dimmed">
          {__('As things happen with your payments, messages about them will appear here.')}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <Stack gap={0}>
        {notes.map((note) => {
          const unread = lastRead.isFetched && isNoteUnread(note.date_created_gmt, lastRead.data);
          return (
            <article
              key={note.id}
              ref={(element) => {
                if (element) noteRefs.current.set(note.id, element);
                else noteRefs.current.delete(note.id);
              }}
              tabIndex={-1}
              aria-labelledby={`inbox-note-title-${note.id}`}
              className={classes.note}
              data-testid="inbox-note"
              data-note-name={note.name}
              data-leaving={leaving.has(note.id) || undefined}
              inert={leaving.has(note.id)}
              style={{ transitionDuration: `${INBOX_DISMISS_ANIMATION_MS}ms` }}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={2}>
                  <Group gap={6} wrap="nowrap">
                    {unread && (
                      <span
                        className={classes.unread}
                        data-testid="inbox-note-unread"
                        role="img"
                        aria-label={__('Unread')}
                        title={__('Unread')}
                      />
                    )}
                    <Text fw={600} data-testid="inbox-note-title" id={`inbox-note-title-${note.id}`}>
                      {note.title}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {noteDate(note)}
                  </Text>
                </Stack>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="gray"
                  onClick={() => setConfirming({ kind: 'one', note })}
                  data-testid="inbox-note-dismiss"
                >
                  {__('Dismiss')}
                </Button>
              </Group>
              <div
                className={classes.content}
                data-testid="inbox-note-content"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the content is sanitised to the allowed tags right here, as on the server.
                dangerouslySetInnerHTML={{ __html: sanitizeNoteContent(note.content) }}
              />
              {note.actions.length > 0 && (
                <Group gap="xs" mt="xs">
                  {note.actions.map((item) => (
                    <Button
                      key={item.id}
                      size="compact-sm"
                      variant={item.primary ? 'light' : 'subtle'}
                      loading={action.isPending && action.variables?.id === note.id}
                      onClick={() => follow(note, item.id, item.url)}
                    >
                      {item.label}
                    </Button>
                  ))}
                </Group>
              )}
            </article>
          );
        })}
        {list.hasNextPage && (
          <Group justify="center" pt="sm" className={classes.more}>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={showMore}
              loading={list.isFetchingNextPage}
              data-testid="inbox-show-more"
            >
              {__('Show more')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Card withBorder padding="lg" data-testid="inbox">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" ref={heading} tabIndex={-1}>
          {__('Inbox')}
        </Title>
        {total > 1 && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            onClick={() => setConfirming({ kind: 'all' })}
            disabled={leaving.size > 0}
            data-testid="inbox-dismiss-all"
          >
            {__('Dismiss all')}
          </Button>
        )}
      </Group>
      {body}
      <ConfirmModal
        opened={confirming !== null}
        title={__('Are you sure?')}
        body={__('Dismissed messages will no longer show in your inbox.')}
        dismissLabel={__('Cancel')}
        confirmLabel={__("Yes, I'm sure")}
        color="red"
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && confirmDismissal(confirming)}
        returnFocusTo={afterDismissal}
        testId="inbox-dismiss-modal"
      />
    </Card>
  );
}
