import { lazy, Suspense } from 'react';

// The list, its rules and its words load in their own chunk, after the page itself, so the
// Overview's first load stays within the budget.
const TaskListWidget = lazy(() => import('./task-list-widget.tsx'));

/** The task list, loaded lazily; it shows nothing until it has its data. */
export function TaskList() {
  return (
    <Suspense fallback={null}>
      <TaskListWidget />
    </Suspense>
  );
}
