/**
 * The kinds of the jobs a dispute queues (the engine's handlers are keyed by them in
 * engine/context.ts). Apart from the planners so that the charge's planner, which opens
 * disputes, and the dispute's planners share them without importing each other.
 */
export const DISPUTE_RESOLVE_JOB = 'dispute.resolve';
export const DISPUTE_DEADLINE_JOB = 'dispute.deadline';
export const DISPUTE_REMINDER_JOB = 'dispute.reminder';
